import { expect } from 'vitest';
import { defaultNotifications, defaultWidgetConfiguration } from '../../common/rules/widgetDefaults.ts';
import { createAccount, signIn } from './accounts.ts';
import type { ApiRequest, ApiResponse, TestApp, TestServer } from './harness.ts';

/** A signed-in client of the toolbox tests: its account, and a `call` bound to its token. */
export interface Client {
  userId: number;
  email: string;
  /** For the operations that ask for the current password as well (issue 19: API keys, webhooks). */
  password: string;
  token: string;
  call(request: Omit<ApiRequest, 'token'>): Promise<ApiResponse>;
}

/** A new account signed in through `app` (the server's main instance unless told, e.g. a variant with a clock of its own). */
export async function signedInClient(server: TestServer, app: TestApp = server): Promise<Client> {
  const account = await createAccount(server.db);
  const { accessToken } = await signIn(app, account.email, account.password);
  return { userId: account.id, email: account.email, password: account.password, token: accessToken, call: (request) => app.request({ ...request, token: accessToken }) };
}

/** Expects the status (showing the body when it differs) and answers the body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field
export function expectStatus(response: ApiResponse, status: number): any {
  expect(response.status, response.text).toBe(status);
  return response.body;
}

export async function addWebsite(client: Client, domain: string): Promise<{ id: number; domain: string; publicKey: string }> {
  return expectStatus(await client.call({ method: 'POST', url: '/api/client/websites', body: { domain } }), 201);
}

export async function addAgent(client: Client, body: Record<string, unknown> = {}): Promise<{ id: number; name: string | null; phone: string }> {
  const agent = { name: 'Grace Hopper', phone: '+14155550123', ...body };
  return expectStatus(await client.call({ method: 'POST', url: '/api/client/agents', body: agent }), 201);
}

/** A valid WidgetInput calling one number (spec §9 defaults), with `overrides` on top. */
export function widgetBody(websiteId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Exit popup on the shop',
    typeId: 1,
    websiteId,
    isActive: true,
    notifications: defaultNotifications(),
    settings: defaultWidgetConfiguration('+14155550123'),
    ...overrides,
  };
}

/** A valid WidgetInput that rings agents with calling rule 1. */
export function agentWidgetBody(websiteId: number, agentIds: number[], overrides: Record<string, unknown> = {}) {
  const settings = defaultWidgetConfiguration(null);
  return widgetBody(websiteId, { settings, agentIds, callingRuleId: 1, ...overrides });
}

export async function addWidget(client: Client, body: object): Promise<{ id: number; isActive: boolean; typeId: number; websiteId: number }> {
  return expectStatus(await client.call({ method: 'POST', url: '/api/client/widgets', body }), 201);
}

export interface MultipartPart {
  name: string;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(parts: MultipartPart[]): { rawBody: Buffer; contentType: string } {
  const boundary = `----toolboxTest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = [`Content-Disposition: ${disposition}`];
    if (part.contentType) headers.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { rawBody: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A real 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A real WAV: 8 kHz mono 16-bit PCM, `samples` samples of silence. */
export function tinyWav(samples = 80): Buffer {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // sample rate
  header.writeUInt32LE(16000, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
