import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/calls.ts';
import { createAccount } from '../../test/accounts.ts';
import { insertCall, insertWebsite, insertWidget } from '../../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import type { CallFilters } from './callFilters.ts';
import { listCalls } from './callList.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const HOUR = 60 * 60 * 1000;
const STATUSES = ['successful', 'missed', 'busy', 'no-answer'] as const;

describe('listCalls', () => {
  let userId: number;

  beforeAll(async () => {
    userId = (await createAccount(server.db)).id;
    const website = await insertWebsite(server.db, userId);
    const widget = await insertWidget(server.db, userId, website.id, { typeId: 1 });
    // 23 calls, three at each instant: the order falls back to the id, read from either end.
    const start = Date.now() - 2 * 24 * HOUR;
    for (let i = 0; i < 23; i += 1) {
      await insertCall(server.db, { userId, widget, status: STATUSES[i % 4]!, createdAt: new Date(start + Math.floor(i / 3) * HOUR) });
    }
  });

  /** Every matching id, newest first, as one query orders them. */
  async function allIds(filters: CallFilters) {
    const where = and(eq(calls.userId, userId), filters.status ? eq(calls.status, filters.status) : undefined);
    return (await server.db.select({ id: calls.id }).from(calls).where(where).orderBy(desc(calls.createdAt), desc(calls.id))).map((row) => row.id);
  }

  it.each([
    ['every call', {}, 5],
    ['one outcome', { status: 'missed' }, 2],
    ['every call, 4 a page', {}, 4],
  ] as [string, CallFilters, number][])('pages %s from both ends without overlap or gaps, each with the exact count', async (_name, filters, perPage) => {
    const expected = await allIds(filters);
    const seen: number[] = [];
    const pages = Math.ceil(expected.length / perPage);
    for (let page = 1; page <= pages; page += 1) {
      const answer = await listCalls(server.db, userId, filters, { page, perPage });
      expect(answer.count).toBe(expected.length);
      expect(answer.data.length).toBe(Math.min(perPage, expected.length - (page - 1) * perPage));
      seen.push(...answer.data.map((call) => call.id));
    }
    expect(seen).toEqual(expected);
    expect(await listCalls(server.db, userId, filters, { page: pages + 1, perPage })).toEqual({ data: [], count: expected.length });
  });

  it('answers the count of a first page that is not full, and of a full one', async () => {
    const all = await listCalls(server.db, userId, {}, { page: 1, perPage: 50 });
    expect({ rows: all.data.length, count: all.count }).toEqual({ rows: 23, count: 23 });
    const exactlyFull = await listCalls(server.db, userId, {}, { page: 1, perPage: 23 });
    expect({ rows: exactlyFull.data.length, count: exactlyFull.count }).toEqual({ rows: 23, count: 23 });
    const first = await listCalls(server.db, userId, {}, { page: 1, perPage: 10 });
    expect({ rows: first.data.length, count: first.count }).toEqual({ rows: 10, count: 23 });
  });
});
