import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { expectStatus, signedInClient } from '../test/toolbox.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('PUT /client/call-limits', () => {
  it('keeps the per-widget limit at most the account\'s, as the Settings card does, and changes nothing otherwise', async () => {
    const client = await signedInClient(server);
    expectStatus(await client.call({ method: 'PUT', url: '/api/client/call-limits', body: { perWidget: 30, perAccount: 30 } }), 200);
    const refused = expectStatus(await client.call({ method: 'PUT', url: '/api/client/call-limits', body: { perWidget: 31, perAccount: 30 } }), 400);
    expect(refused.error).toBe('invalid_request');
    expect(expectStatus(await client.call({ method: 'GET', url: '/api/client/call-limits' }), 200)).toEqual({ perWidget: 30, perAccount: 30 });
  });
});
