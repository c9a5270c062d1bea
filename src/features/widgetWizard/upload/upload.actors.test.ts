import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { commonMessages } from '../../../../machines/shared/messages.ts';
import { uploadedFileName } from '../../../../machines/upload/upload.selectors.ts';
import { createApiClient, type ApiClient, type SessionPort } from '../../../api/client.ts';
import { UPLOAD_URL, uploadedUrl } from '../../../api/fileUpload.ts';
import { notify } from '../../../lib/toaster.ts';
import { provideUploadMachine } from './upload.actors.ts';

vi.mock('../../../lib/toaster.ts', () => ({ notify: vi.fn() }));

/** The API client answering GET /user/files with `answer` (and counting its calls). */
function filesApi(answer: () => Response = () => Response.json({ data: [] })) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(new URL((input as Request).url).pathname).toBe('/api/user/files');
    return answer();
  });
  const api: ApiClient = createApiClient({ session: { accessToken: () => 'token', refreshAccessToken: async () => null }, fetch, baseUrl: 'http://dashboard.test/api' });
  return { api, fetch };
}

/** A stand-in for XMLHttpRequest: each request waits for the test to answer it. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  aborted = false;
  private listeners: Record<string, Array<(event?: unknown) => void>> = {};
  private uploadListeners: Array<(event: { lengthComputable: boolean; loaded: number; total: number }) => void> = [];
  upload = { addEventListener: (_type: string, listener: (typeof this.uploadListeners)[number]) => this.uploadListeners.push(listener) };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event?: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  abort() {
    this.aborted = true;
    for (const listener of this.listeners.abort ?? []) listener();
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    for (const listener of this.listeners.load ?? []) listener();
  }
}

const files = (...entries: Array<[string, string]>) => ({ data: entries.map(([filename, url]) => ({ filename, url })) });

function session(token: string | null, refreshed: string | null = null) {
  const port: SessionPort & { refreshAccessToken: ReturnType<typeof vi.fn> } = {
    accessToken: () => token,
    refreshAccessToken: vi.fn(async () => refreshed),
  };
  return port;
}

function startUpload(port: SessionPort, file = new File(['picture'], 'logo.png', { type: 'image/png' })) {
  const actor = createActor(provideUploadMachine(port, filesApi().api), { input: { kind: 'image' } });
  const changes: Array<string | null> = [];
  actor.on('upload.changed', (event) => changes.push(event.url));
  actor.start();
  actor.send({ type: 'user.select', file });
  return { actor, changes, file };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('picture and audio uploader (POST /user/files)', () => {
  beforeEach(() => {
    FakeRequest.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the file with the bearer token, counts progress and keeps the URL of its own file', async () => {
    const { actor, changes, file } = startUpload(session('token-1'));
    await tick();
    const request = FakeRequest.sent[0]!;
    expect([request.method, request.url, request.headers.Authorization]).toEqual(['POST', UPLOAD_URL, 'Bearer token-1']);
    expect((request.body?.get('file') as File).name).toBe(file.name);
    request.progress(25, 100);
    expect(actor.getSnapshot().context.progress).toBe(25);
    request.answer(201, files(['other.png', '/files/9/other.png'], ['logo.png', '/files/10/logo.png?v=2']));
    await waitFor(actor, (s) => s.matches('uploaded'), { timeout: 1000 });
    expect(changes).toEqual(['/files/10/logo.png']);
    expect(actor.getSnapshot().context.progress).toBe(0);
  });

  it('refreshes an expired token once and sends again', async () => {
    const port = session('stale', 'fresh');
    const { actor, changes } = startUpload(port);
    await tick();
    FakeRequest.sent[0]!.answer(401, { error: 'invalid_or_expired_access_token', error_description: 'expired' });
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    expect(port.refreshAccessToken).toHaveBeenCalledWith('stale');
    expect(FakeRequest.sent[1]!.headers.Authorization).toBe('Bearer fresh');
    FakeRequest.sent[1]!.answer(201, files(['logo.png', '/files/11/logo.png']));
    await waitFor(actor, (s) => s.matches('uploaded'), { timeout: 1000 });
    expect(changes).toEqual(['/files/11/logo.png']);
  });

  it('fails when the refresh fails, and on any other error answer', async () => {
    const expired = startUpload(session('stale', null));
    await tick();
    FakeRequest.sent[0]!.answer(401, { error: 'invalid_or_expired_access_token' });
    await waitFor(expired.actor, (s) => s.matches('failed'), { timeout: 1000 });
    expect(FakeRequest.sent).toHaveLength(1);

    const refused = startUpload(session('token'));
    await tick();
    FakeRequest.sent[1]!.answer(413, { error: 'payload_too_large', error_description: 'The image size limit is 5MB.' });
    await waitFor(refused.actor, (s) => s.matches('failed'), { timeout: 1000 });
    expect(refused.changes).toEqual([]);
  });

  it('aborts the request when the selection is emptied', async () => {
    const { actor, changes } = startUpload(session('token'));
    await tick();
    actor.send({ type: 'user.select', file: null });
    expect(FakeRequest.sent[0]!.aborted).toBe(true);
    expect(changes).toEqual([null]);
    await tick();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('reads the stored URL from the answer', () => {
    expect(uploadedUrl(files(['a.png', '/files/1/a.png?x=1']), 'a.png')).toBe('/files/1/a.png');
    expect(uploadedUrl(files(['renamed.png', '/files/2/renamed.png']), 'a.png')).toBe('/files/2/renamed.png');
    expect(uploadedUrl({ data: [] }, 'a.png')).toBeNull();
    expect(uploadedUrl(null, 'a.png')).toBeNull();
  });
});

describe('the account\'s file list on load (GET /user/files)', () => {
  beforeEach(() => vi.mocked(notify).mockClear());
  const files = { data: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', filename: 'Our logo (2).png', url: 'https://dash.example.com/files/AAAAAAAAAAAAAAAAAAAAAA/our-logo-2.png' }] };

  it('is fetched once when the field starts, and names the file a widget already holds', async () => {
    const { api, fetch } = filesApi(() => Response.json(files));
    const actor = createActor(provideUploadMachine(session('token'), api), { input: { kind: 'image' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.files).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    const held = actor.getSnapshot().context.files;
    expect(uploadedFileName(held, 'https://dash.example.com/files/AAAAAAAAAAAAAAAAAAAAAA/our-logo-2.png')).toBe('Our logo (2).png');
    expect(uploadedFileName(held, 'https://elsewhere.example/picture.png')).toBeNull();
    expect(notify).not.toHaveBeenCalled();
    actor.stop();
  });

  it('shows the error notice when it cannot be loaded (spec §8), and the field still works', async () => {
    const { api } = filesApi(() => Response.json({ error: 'server_error', error_description: 'Boom' }, { status: 500 }));
    const actor = createActor(provideUploadMachine(session('token'), api), { input: { kind: 'audio' } }).start();
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('error', commonMessages.unknownError));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.files).toEqual([]);
    actor.stop();
  });
});
