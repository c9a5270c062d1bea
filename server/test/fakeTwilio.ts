import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export interface TwilioApiRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  /** The Basic credentials sent, "sid:token". */
  credentials: string;
  /** The Sid of the call created or updated. */
  sid: string | undefined;
}

/** The audio the stand-in serves for every recording (GET …/Recordings/{Sid}.wav). */
export const FAKE_RECORDING = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(40, 7)]);

/**
 * A local HTTP server standing in for api.twilio.com, as far as TwilioTelephony uses it: Calls
 * created (POST …/Calls.json) and updated (POST …/Calls/{Sid}.json), answered with Twilio's JSON,
 * recordings' audio (GET …/Recordings/{Sid}.wav) and deletion (DELETE …/Recordings/{Sid}.json),
 * and text messages (POST …/Messages.json).
 * The official client talks to it over HTTP (TwilioTelephony's apiBaseUrl), so tests check our
 * adapter against Twilio's wire protocol; they play Twilio's side by posting signed callbacks.
 */
export class FakeTwilioApi {
  readonly requests: TwilioApiRequest[] = [];
  /** The Sids of the recordings deleted (DELETE …/Recordings/{Sid}.json); a second delete answers 404. */
  readonly deletedRecordings: string[] = [];
  /** Numbers the account has verified as caller IDs (GET …/OutgoingCallerIds.json answers them). */
  readonly verifiedCallerIds = new Set<string>();
  readonly #server: Server;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<FakeTwilioApi> {
    const server = createServer();
    const fake = new FakeTwilioApi(server);
    server.on('request', (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const path = request.url ?? '';
        const credentials = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
        const params = new URLSearchParams(body);
        if (/^\/2010-04-01\/Accounts\/AC\w+\/Recordings\/RE\w+\.wav$/.test(path)) {
          fake.requests.push({ method: request.method ?? '', path, params, credentials, sid: undefined });
          response.writeHead(200, { 'content-type': 'audio/x-wav' });
          response.end(FAKE_RECORDING);
          return;
        }
        const deletedRecording = request.method === 'DELETE' && /^\/2010-04-01\/Accounts\/AC\w+\/Recordings\/(RE\w+)\.json$/.exec(path);
        if (deletedRecording) {
          const known = !fake.deletedRecordings.includes(deletedRecording[1]!);
          fake.requests.push({ method: 'DELETE', path, params, credentials, sid: deletedRecording[1] });
          fake.deletedRecordings.push(deletedRecording[1]!);
          response.writeHead(known ? 204 : 404, { 'content-type': 'application/json' });
          response.end(known ? undefined : JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
          return;
        }
        const callerIds = /^\/2010-04-01\/Accounts\/AC\w+\/(OutgoingCallerIds|IncomingPhoneNumbers)\.json\?(.*)$/.exec(path);
        if (callerIds && request.method === 'GET') {
          fake.requests.push({ method: 'GET', path, params, credentials, sid: undefined });
          const number = new URLSearchParams(callerIds[2]).get('PhoneNumber') ?? '';
          const outgoing = callerIds[1] === 'OutgoingCallerIds';
          const found = outgoing && fake.verifiedCallerIds.has(number) ? [{ sid: `PN${randomBytes(16).toString('hex')}`, phone_number: number, friendly_name: number }] : [];
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ [outgoing ? 'outgoing_caller_ids' : 'incoming_phone_numbers']: found, page: 0, page_size: 1, next_page_uri: null, uri: path }));
          return;
        }
        const message = /^\/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/.exec(path);
        if (message) {
          const sid = `SM${randomBytes(16).toString('hex')}`;
          fake.requests.push({ method: request.method ?? '', path, params, credentials, sid });
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ sid, account_sid: message[1], to: params.get('To'), from: params.get('From'), body: params.get('Body'), status: 'queued' }));
          return;
        }
        const created = /^\/2010-04-01\/Accounts\/(AC\w+)\/Calls\.json$/.exec(path);
        const updated = /^\/2010-04-01\/Accounts\/(AC\w+)\/Calls\/(CA\w+)\.json$/.exec(path);
        const call = created
          ? { sid: `CA${randomBytes(16).toString('hex')}`, account_sid: created[1], to: params.get('To'), from: params.get('From'), status: 'queued' }
          : updated
            ? { sid: updated[2], account_sid: updated[1], status: params.get('Status') ?? 'in-progress' }
            : undefined;
        fake.requests.push({ method: request.method ?? '', path, params, credentials, sid: call?.sid ?? undefined });
        response.writeHead(call ? (created ? 201 : 200) : 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify(call ?? { code: 20404, message: 'The requested resource was not found', status: 404 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** The text messages sent so far (POST …/Messages.json). */
  get sentMessages(): TwilioApiRequest[] {
    return this.requests.filter((request) => request.path.endsWith('/Messages.json'));
  }

  /** The calls created so far (POST …/Calls.json). */
  get createdCalls(): TwilioApiRequest[] {
    return this.requests.filter((request) => request.path.endsWith('/Calls.json'));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** The X-Twilio-Signature Twilio would send with these form parameters to `url`. */
export function twilioSignatureFor(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
