import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../test/accounts.ts';
import { insertCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { readWavHeader } from '../test/wavHeader.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function signedIn() {
  const account = await createAccount(server.db);
  const { accessToken } = await signIn(server, account.email, account.password);
  return { userId: account.id, token: accessToken };
}

describe('GET /client/calls/{id}/recording', () => {
  let a: Awaited<ReturnType<typeof signedIn>>;
  let recorded: Awaited<ReturnType<typeof insertCall>>;
  let silent: Awaited<ReturnType<typeof insertCall>>;

  beforeAll(async () => {
    a = await signedIn();
    const site = await insertWebsite(server.db, a.userId);
    const widget = await insertWidget(server.db, a.userId, site.id);
    recorded = await insertCall(server.db, { userId: a.userId, widget, duration: 4, recording: true });
    silent = await insertCall(server.db, { userId: a.userId, widget, status: 'missed' });
  });

  it('answers the recording the call lists as a WAV file', async () => {
    const listed = await server.request({ method: 'GET', url: '/api/client/calls', token: a.token });
    const url = listed.body.data.find((call: { id: number }) => call.id === recorded.id).CallRecording.url;
    const checked = await server.request({ method: 'GET', url, token: a.token });
    expect(checked.status).toBe(200);

    // The harness reads bodies as text; the bytes come straight from inject.
    const response = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${a.token}` } });
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['content-disposition']).toBe(`inline; filename="call-${recorded.convertId}.wav"`);
    const header = readWavHeader(response.rawPayload);
    expect(header).toMatchObject({ riff: 'RIFF', wave: 'WAVE', format: 1, channels: 1, sampleRate: 8_000, bitsPerSample: 16 });
    expect(header.dataSize).toBe(4 * 16_000);
    expect(response.rawPayload.length).toBe(44 + header.dataSize);
  });

  it('answers 404 for a call without a recording, an unknown call, and another account\'s call', async () => {
    const b = await signedIn();
    const attempts = [
      { id: silent.id, token: a.token },
      { id: 2_000_000_000, token: a.token },
      { id: recorded.id, token: b.token },
    ];
    for (const { id, token } of attempts) {
      const response = await server.request({ method: 'GET', url: `/api/client/calls/${id}/recording`, token });
      expect(response.status, String(id)).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const response = await server.request({ method: 'GET', url: '/api/client/calls/abc/recording', token: a.token });
    expect(response.status).toBe(400);
  });
});
