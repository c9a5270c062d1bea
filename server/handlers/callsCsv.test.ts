import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { callsCsvStream, CALLS_CSV_HEADER } from '../domain/callHistory/callsCsv.ts';
import { createAccount, signIn } from '../test/accounts.ts';
import { insertAgent, insertCall, insertWebsite, insertWidget } from '../test/callFixtures.ts';
import { parseCsv } from '../test/csvParse.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestServer } from '../test/harness.ts';

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

const hour = 60 * 60 * 1000;
const base = Date.parse('2026-01-15T17:04:09.000Z');

async function exportCsv(token: string, query = '') {
  const response = await server.request({ method: 'GET', url: `/api/client/calls/csv${query}`, token });
  expect(response.status, response.text).toBe(200);
  return response;
}

describe('GET /client/calls/csv', () => {
  let a: Awaited<ReturnType<typeof signedIn>>;
  let site: Awaited<ReturnType<typeof insertWebsite>>;
  let calls: Awaited<ReturnType<typeof insertCall>>[];

  beforeAll(async () => {
    a = await signedIn();
    site = await insertWebsite(server.db, a.userId, 'plumbing.example.com');
    const widget = await insertWidget(server.db, a.userId, site.id, { typeId: 3, name: 'Call icon' });
    const agent = await insertAgent(server.db, a.userId, { phone: '+12025550143' });
    calls = [];
    for (let i = 0; i < 7; i += 1) {
      calls.push(
        await insertCall(server.db, {
          userId: a.userId,
          widget,
          createdAt: new Date(base - i * hour),
          status: (['successful', 'missed', 'busy', 'no-answer'] as const)[i % 4],
          type: i === 0 ? 'scheduled' : 'instant',
          duration: i === 0 ? 754 : 0,
          agentNumber: agent.phone,
          recording: i === 0,
          customFields:
            i === 0
              ? { customField1: 'Boiler, not "the" heater', customField2: 'Line one\nline two', customField3: '=HYPERLINK("http://evil")' }
              : {},
        }),
      );
    }
    // The newest came from a campaign (issue 20); a visitor wrote its values, so they are quoted as free text.
    const source = await server.db.execute<{ id: number }>(sql`insert into traffic_sources (user_id, source, medium, campaign) values (${a.userId}, 'google', 'cpc', '+Spring') returning id`);
    const sourceId = (source as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await server.db.execute(sql`update calls set traffic_source_id = ${sourceId}, landing_page = '/pricing?utm_source=google' where id = ${calls[0]!.id}`);
  });

  it('streams a UTF-8 CSV attachment with the Calls History header', async () => {
    const response = await exportCsv(a.token);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="calls_history-\d{2}-\d{2}-\d{4}-\d{2}\.\d{2}\.\d{1,2}\.csv"$/);
    expect(response.text.charCodeAt(0)).not.toBe(0xfeff);
    const [header] = parseCsv(response.text);
    expect(header).toEqual([...CALLS_CSV_HEADER]);
  });

  it('writes each call as the screen shows it, quoting commas, quotes and line breaks', async () => {
    const records = parseCsv((await exportCsv(a.token)).text);
    const newest = calls[0]!;
    // Account timezone is Europe/London (test/accounts.ts): 17:04 UTC in January is 05:04 PM.
    expect(records[1]).toEqual([
      newest.convertId,
      `${TEST_PUBLIC_URL}/api/client/calls/${newest.id}/recording`,
      '12:34',
      'plumbing.example.com',
      'https://shop.example.com/pricing',
      'Scheduled',
      'Floating icon',
      'Call icon',
      '01/15/2026 - 05:04 PM',
      '+14155550123',
      'United States, California, San Francisco',
      '+12025550143',
      'Received',
      'Boiler, not "the" heater',
      'Line one\nline two',
      `'=HYPERLINK("http://evil")`,
      'google',
      'cpc',
      `'+Spring`,
      '/pricing?utm_source=google',
      '',
    ]);
    expect(records[2]!.slice(1, 3)).toEqual(['', '00:00']);
    expect(records[2]!.slice(16)).toEqual(['', '', '', '', '']);
    expect(records[2]![12]).toBe('Missed');
    expect(records[3]![12]).toBe('Busy Line');
    expect(records[4]![12]).toBe('No Answer');
  });

  it('holds exactly the calls the same filters list, in the same order', async () => {
    const query = `?status=successful&dateTo=${new Date(base - hour).toISOString()}`;
    const listed = await server.request({ method: 'GET', url: `/api/client/calls${query}&perPage=200`, token: a.token });
    const records = parseCsv((await exportCsv(a.token, query)).text).slice(1);
    expect(records.map((record) => record[0])).toEqual(listed.body.data.map((call: { convertId: string }) => call.convertId));
    expect(records).toHaveLength(1);

    const everything = parseCsv((await exportCsv(a.token)).text).slice(1);
    expect(everything.map((record) => record[0])).toEqual(calls.map((call) => call.convertId));
  });

  it('refuses a reversed range with 400 and a foreign website with 404', async () => {
    const reversed = await server.request({
      method: 'GET',
      url: `/api/client/calls/csv?dateFrom=${new Date(base).toISOString()}&dateTo=${new Date(base - hour).toISOString()}`,
      token: a.token,
    });
    expect(reversed.status).toBe(400);
    const b = await signedIn();
    const foreign = await server.request({ method: 'GET', url: `/api/client/calls/csv?websiteId=${site.id}`, token: b.token });
    expect(foreign.status).toBe(404);
  });

  it('gives another account only the header', async () => {
    const b = await signedIn();
    expect(parseCsv((await exportCsv(b.token)).text)).toEqual([[...CALLS_CSV_HEADER]]);
  });
});

describe('callsCsvStream keyset batches', () => {
  it('neither skips nor repeats rows across batches, even when many share one instant to the microsecond', async () => {
    const owner = await createAccount(server.db);
    const site = await insertWebsite(server.db, owner.id);
    const widget = await insertWidget(server.db, owner.id, site.id);
    const inserted = [];
    for (let i = 0; i < 11; i += 1) {
      inserted.push(await insertCall(server.db, { userId: owner.id, widget, createdAt: new Date(base - (i % 3) * 1000) }));
    }
    // Sub-millisecond instants a JS Date cannot hold: the cursor must keep PostgreSQL's precision.
    await server.db.execute(sql`update calls set created_at = created_at + (id % 7) * interval '1 microsecond' where user_id = ${owner.id}`);

    let text = '';
    for await (const chunk of callsCsvStream(server.db, owner.id, {}, { publicUrl: TEST_PUBLIC_URL, timezone: 'UTC', batchSize: 2 })) {
      text += String(chunk);
    }
    const ids = parseCsv(text)
      .slice(1)
      .map((record) => record[0]);
    expect(new Set(ids).size).toBe(11);
    expect(ids.sort()).toEqual(inserted.map((call) => call.convertId).sort());
  });
});
