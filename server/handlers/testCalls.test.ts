import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../db/schema/calls.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, type Client, expectStatus, signedInClient, widgetBody } from '../test/toolbox.ts';

let server: TestServer;
let client: Client;
let widgetId: number;
beforeAll(async () => {
  server = await startTestServer();
  client = await signedInClient(server);
  const website = await addWebsite(client, 'testcall.example.com');
  widgetId = (await addWidget(client, widgetBody(website.id))).id;
});
afterAll(() => server?.close());

const place = (who: Client, id: number, phone: string) => who.call({ method: 'POST', url: `/api/client/widgets/${id}/test-call`, body: { phone } });

describe('POST /client/widgets/{id}/test-call', () => {
  it('answers 202 with the call and the allowance; the call is listed with isTest', async () => {
    const accepted = expectStatus(await place(client, widgetId, '+15005550002'), 202);
    expect(accepted).toMatchObject({ phone: '+15005550002', allowance: { limit: 5, remaining: 4, nextAt: null } });
    const [row] = await server.db.select().from(calls).where(and(eq(calls.id, accepted.id), eq(calls.userId, client.userId)));
    expect(row).toMatchObject({ isTest: true, convertId: accepted.convertId });
    const list = expectStatus(await client.call({ method: 'GET', url: '/api/client/calls' }), 200);
    expect(list.data.find((call: { id: number }) => call.id === accepted.id)).toMatchObject({ isTest: true });
    expect(expectStatus(await client.call({ method: 'GET', url: '/api/client/test-calls' }), 200)).toEqual({ limit: 5, remaining: 4, nextAt: null });
  });

  it('answers the client\'s mistakes with 4xx: a number the account may not call, another account\'s widget, a malformed body', async () => {
    expect(expectStatus(await place(client, widgetId, '+19005550123'), 422)).toMatchObject({ error: 'number_not_allowed' });
    expect(expectStatus(await place(client, widgetId, '+442079460000'), 422)).toMatchObject({ error: 'country_not_allowed' });
    expect(expectStatus(await place(client, widgetId, 'call me'), 400)).toMatchObject({ error: 'invalid_request' });
    const other = await signedInClient(server);
    expect(expectStatus(await place(other, widgetId, '+15005550002'), 404)).toMatchObject({ error: 'not_found' });
    expectStatus(await client.call({ method: 'POST', url: `/api/client/widgets/${widgetId}/test-call`, body: { phone: '+15005550002', extra: 1 } }), 400);
  });

  it('answers 429 with Retry-After past the limit', async () => {
    const owner = await signedInClient(server);
    const website = await addWebsite(owner, 'limit.testcall.example.com');
    const id = (await addWidget(owner, widgetBody(website.id))).id;
    const answers = await Promise.all(Array.from({ length: 7 }, () => place(owner, id, '+15005550002')));
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body).toMatchObject({ error: 'test_call_limit' });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(expectStatus(await owner.call({ method: 'GET', url: '/api/client/test-calls' }), 200)).toMatchObject({ remaining: 0 });
  });

  it('refuses API keys: a key could dial numbers for free', async () => {
    const key = expectStatus(await client.call({ method: 'POST', url: '/api/client/api-keys', body: { name: 'ci', scope: 'write', currentPassword: client.password } }), 201);
    const answer = await server.request({ method: 'POST', url: `/api/client/widgets/${widgetId}/test-call`, body: { phone: '+15005550002' }, headers: { authorization: `Bearer ${key.key}` } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'api_key_not_allowed' });
  });
});
