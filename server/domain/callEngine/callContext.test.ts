import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { like, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { widgetRateCounters } from '../../db/schema/widgetApi.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { accountWithWidget } from '../../test/callTestKit.ts';
import { type CallRequestKey, loadCallRequestContext } from './callContext.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const log = { warn: vi.fn() };

describe('what a Call now reads first, for requests that come together (call_request_contexts)', () => {
  it('counts each address and reads each key and widget once, in one statement, answering each request as alone', async () => {
    const shop = await accountWithWidget(server.db);
    const at = new Date();
    const limit = (address: string, max = 2) => ({ key: `test-address:${address}`, max, windowSeconds: 600, at });
    const requests: CallRequestKey[] = [
      { publicKey: shop.publicKey, widgetId: shop.widgetId, addressLimit: limit('one') },
      { publicKey: shop.publicKey, widgetId: shop.widgetId, addressLimit: limit('two') },
      // The same address again, past its limit of 1.
      { publicKey: shop.publicKey, widgetId: shop.widgetId, addressLimit: limit('one', 1) },
      { publicKey: 'no-such-key', widgetId: shop.widgetId, addressLimit: limit('three') },
      { publicKey: shop.publicKey, widgetId: shop.widgetId + 1_000_000, addressLimit: limit('four') },
    ];
    const execute = vi.spyOn(server.db, 'execute');
    let statements: string[] = [];
    const answers = await Promise.all(requests.map((request) => loadCallRequestContext(server.db, request, log))).finally(() => {
      statements = execute.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql);
      execute.mockRestore();
    });
    expect(statements).toEqual(['select call_request_contexts($1::jsonb) as answer']);

    const [first, second, limited, unknownKey, otherWidget] = answers;
    expect(first).toMatchObject({ limited: false, website: { websiteId: shop.websiteId, userId: shop.userId, accountDeleted: false, context: { widget: { id: shop.widgetId } } } });
    expect(second).toEqual(first);
    expect(limited).toMatchObject({ limited: true });
    expect((limited as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(unknownKey).toEqual({ limited: false, website: null });
    expect(otherWidget).toMatchObject({ limited: false, website: { websiteId: shop.websiteId, context: undefined } });
    // Every request counted, the refused one too.
    const counters = await server.db.select().from(widgetRateCounters).where(like(widgetRateCounters.key, 'test-address:%'));
    expect(Object.fromEntries(counters.map((row) => [row.key, row.hits]))).toEqual({ 'test-address:one': 2, 'test-address:two': 1, 'test-address:three': 1, 'test-address:four': 1 });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('reads a lone request with call_request_context, as before', async () => {
    const shop = await accountWithWidget(server.db);
    const answer = await loadCallRequestContext(server.db, { publicKey: shop.publicKey, widgetId: shop.widgetId, addressLimit: { key: 'test-address:alone', max: 5, windowSeconds: 600, at: new Date() } }, log);
    expect(answer).toMatchObject({ limited: false, website: { websiteId: shop.websiteId, context: { widget: { id: shop.widgetId } } } });
  });
});
