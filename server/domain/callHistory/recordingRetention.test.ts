import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallSimulator } from '../../adapters/telephony/callSimulator.ts';
import { TwilioTelephony } from '../../adapters/telephony/twilioTelephony.ts';
import { callRecordings } from '../../db/schema/calls.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { accountWithWidget } from '../../test/callTestKit.ts';
import { insertCall } from '../../test/callFixtures.ts';
import { FakeTwilioApi } from '../../test/fakeTwilio.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { expectStatus, signedInClient } from '../../test/toolbox.ts';
import { RecordingsJanitor } from '../../workers/recordingsJanitor.ts';
import { deleteExpiredRecordings, saveRecordingSettings } from './recordingRetention.ts';

let server: TestServer;
let fake: FakeTwilioApi;
beforeAll(async () => {
  server = await startTestServer();
  fake = await FakeTwilioApi.start();
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const DAY = 86_400_000;
const simulator = new CallSimulator({ speed: 1 });
const quiet = { warn: () => undefined };

/** An account keeping recordings `retentionDays`, with a recorded call `ageDays` old for each age. */
async function accountWithRecordings(retentionDays: number, ages: number[], now: number, storageKey?: (callId: number) => string) {
  const setup = await accountWithWidget(server.db);
  await saveRecordingSettings(server.db, setup.userId, { retentionDays });
  const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, setup.widgetId));
  const ids: Record<number, number> = {};
  for (const age of ages) {
    const at = new Date(now - age * DAY);
    const call = await insertCall(server.db, { userId: setup.userId, widget: widget!, createdAt: at, recording: true });
    await server.db
      .update(callRecordings)
      .set({ createdAt: at, ...(storageKey ? { storageKey: storageKey(call.id) } : {}) })
      .where(eq(callRecordings.callId, call.id));
    ids[age] = call.id;
  }
  return ids;
}

async function recordedAges(ids: Record<number, number>): Promise<number[]> {
  const rows = await server.db.select({ callId: callRecordings.callId }).from(callRecordings).where(inArray(callRecordings.callId, Object.values(ids)));
  const kept = new Set(rows.map((row) => row.callId));
  return Object.entries(ids)
    .filter(([, callId]) => kept.has(callId))
    .map(([age]) => Number(age));
}

describe('call recordings past their retention (issue 18)', () => {
  it("deletes each account's recordings older than its own retention, and keeps the rest", async () => {
    const now = Date.now();
    const month = await accountWithRecordings(30, [10, 29, 31, 100], now);
    const quarter = await accountWithRecordings(90, [10, 31, 89, 91, 400], now);
    const janitor = new RecordingsJanitor({ db: server.db, telephony: simulator, now: () => now, log: quiet });
    expect(await janitor.runOnce()).toBeGreaterThanOrEqual(4);
    expect(await recordedAges(month)).toEqual([10, 29]);
    expect(await recordedAges(quarter)).toEqual([10, 31, 89]);
    // Shortening the retention deletes more at the next run.
    const userOf = async (callId: number) => (await server.db.query.calls.findFirst({ where: (c, { eq: equal }) => equal(c.id, callId) }))!.userId;
    await saveRecordingSettings(server.db, await userOf(quarter[10]!), { retentionDays: 20 });
    await janitor.runOnce();
    expect(await recordedAges(quarter)).toEqual([10]);
  });

  it("deletes Twilio's copy first, and keeps a recording Twilio would not delete for the next run", async () => {
    const now = Date.now();
    const twilio = new TwilioTelephony({ accountSid: `AC${'0'.repeat(32)}`, authToken: 't', publicUrl: 'https://dashboard.test', apiBaseUrl: fake.url });
    const key = (callId: number) => `https://api.twilio.com/2010-04-01/Accounts/AC${'0'.repeat(32)}/Recordings/RE${String(callId).padStart(32, '0')}`;
    const ids = await accountWithRecordings(30, [5, 40, 50], now, key);
    // Twilio answers 500 for the 50-day-old one.
    const failing = `RE${String(ids[50]).padStart(32, '0')}`;
    const flaky = Object.assign(Object.create(twilio) as TwilioTelephony, {
      deleteRecording: async (recordingKey: string) => {
        if (recordingKey.endsWith(failing)) throw new Error('Twilio answered 500');
        return twilio.deleteRecording(recordingKey);
      },
    });
    await new RecordingsJanitor({ db: server.db, telephony: flaky, now: () => now, log: quiet }).runOnce();
    expect(fake.deletedRecordings).toContain(`RE${String(ids[40]).padStart(32, '0')}`);
    expect(await recordedAges(ids)).toEqual([5, 50]);
    // Next run, Twilio works (and one it no longer has counts as deleted).
    await new RecordingsJanitor({ db: server.db, telephony: twilio, now: () => now, log: quiet }).runOnce();
    expect(await recordedAges(ids)).toEqual([5]);
    await twilio.deleteRecording(key(ids[40]!));
    // Twilio's API, but no recording's address: kept and looked at, never taken for deleted.
    await expect(twilio.deleteRecording(`https://api.twilio.com/2010-04-01/Accounts/AC${'0'.repeat(32)}/Calls/CA1`)).rejects.toThrow('Not the address of a Twilio recording');
  });

  it('goes on past recordings the provider keeps refusing, batch after batch, and logs them', async () => {
    const now = Date.now();
    const ids = await accountWithRecordings(30, [300, 299, 298, 297, 296, 40], now);
    const stubborn = new Set([ids[300], ids[299], ids[298], ids[297]]);
    const warnings: unknown[] = [];
    const refusing = Object.assign(Object.create(simulator) as CallSimulator, {
      deleteRecording: async (key: string) => {
        if ([...stubborn].some((callId) => key.includes(`call-${callId}.`))) throw new Error('refused');
      },
    });
    const deleted = await deleteExpiredRecordings(server.db, refusing, new Date(now), { warn: (object) => warnings.push(object) }, 2);
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await recordedAges(ids)).toEqual([297, 298, 299, 300]);
    expect(warnings).toHaveLength(4);
  });
});

describe('GET and PUT /client/recording-settings', () => {
  it('answers 90 days by default, saves a new period, and refuses one outside 1–3650 days', async () => {
    const client = await signedInClient(server);
    expect(expectStatus(await client.call({ method: 'GET', url: '/api/client/recording-settings' }), 200)).toEqual({ retentionDays: 90 });
    expect(expectStatus(await client.call({ method: 'PUT', url: '/api/client/recording-settings', body: { retentionDays: 30 } }), 200)).toEqual({ retentionDays: 30 });
    for (const retentionDays of [0, 3651, 1.5, '30', null]) {
      expect(expectStatus(await client.call({ method: 'PUT', url: '/api/client/recording-settings', body: { retentionDays } }), 400).error).toBe('invalid_request');
    }
    expect(expectStatus(await client.call({ method: 'GET', url: '/api/client/recording-settings' }), 200)).toEqual({ retentionDays: 30 });
  });
});
