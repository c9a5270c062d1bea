import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { callRecordings, calls, scheduledCalls, twilioCallLegs } from '../../db/schema/calls.ts';
import { clientNotifications } from '../../db/schema/notifications.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { accountWithWidget, fastDeps, fixedClock, type WidgetSetup } from '../../test/callTestKit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { markPaid, recordingAdapters } from '../../test/notificationTestKit.ts';
import { NotificationsWorker } from '../../workers/notificationsWorker.ts';
import { ScheduledCallsWorker } from '../../workers/scheduledCallsWorker.ts';
import type { components } from '../../../common/contract/dashboard.gen.ts';
import { listCalls } from '../callHistory/callList.ts';
import { requestInstantCall, requestScheduledCall } from './callRequests.ts';
import { nextAvailableAt, RECOVERY_CALLBACK_DELAY_MS } from './missedCallRecovery.ts';

type WidgetSettings = components['schemas']['WidgetSettings'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** An account that has paid, with a widget whose general settings `change` edits. */
async function widgetWith(setup: WidgetSetup, change: (settings: WidgetSettings) => void = () => undefined) {
  const made = await accountWithWidget(server.db, setup);
  await markPaid(server.db, made.userId);
  const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, made.widgetId));
  const settings = widget!.settings as { settings: WidgetSettings };
  change(settings.settings);
  await server.db.update(widgets).set({ settings, notifications: { email: { isActive: true, value: 'owner@example.com' }, phoneNumber: { isActive: false, value: '' } } }).where(eq(widgets.id, made.widgetId));
  return made;
}

async function legsOf(callId: number) {
  return server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId)).orderBy(asc(twilioCallLegs.id));
}

async function notificationsOf(callId: number) {
  return server.db.select().from(clientNotifications).where(eq(clientNotifications.callId, callId)).orderBy(asc(clientNotifications.id));
}

describe("a call's life: whisper, accept and the next agent", () => {
  it('an agent who declines the whisper and a voicemail pass the call on; the third agent accepts and talks', async () => {
    const setup = await widgetWith({ useAgents: true, callingRuleId: 2, numberOfTries: 1, agents: [{ phone: '+15005550006' }, { phone: '+15005550005' }, { phone: '+14155550231' }] });
    const deps = fastDeps();
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', agentId: setup.agentIds[2], creditsCharged: 1 });
    const legs = await legsOf(callId);
    expect(legs.map((leg) => [leg.target, leg.metadata.to, leg.status, leg.metadata.accepted ?? null])).toEqual([
      ['agent', '+15005550006', 'declined', false],
      ['agent', '+15005550005', 'voicemail', false],
      ['agent', '+14155550231', 'completed', true],
      ['customer', '+15005550004', 'completed', null],
    ]);
    expect(legs[2]!.metadata.whisper).toBe(`Call from the widget Floating icon. Page ${new URL(setup.request().url).hostname}/pricing. Press 1 to take the call.`);
    // Nothing to recover: no text, no callback.
    expect((await notificationsOf(callId)).map((row) => row.event)).toEqual(['call_requested']);
    expect(await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, callId))).toEqual([]);
    const { data } = await listCalls(server.db, setup.userId, {}, { page: 1, perPage: 10 });
    expect(data.find((row) => row.id === callId)!.recovery).toBeNull();
  });

  it('with the whisper off, the agent who picks up is bridged at once and no whisper is recorded', async () => {
    const setup = await widgetWith({ useAgents: true, numberOfTries: 1, agents: [{ phone: '+14155550232' }] }, (s) => (s.agentWhisper = false));
    const deps = fastDeps({ script: () => 'successful' });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550301'));
    await deps.placements.settle();
    const legs = await legsOf(callId);
    expect(legs.map((leg) => [leg.target, leg.status, leg.metadata.whisper ?? null])).toEqual([
      ['agent', 'completed', null],
      ['customer', 'completed', null],
    ]);
  });

  it('all at once: the only agents decline and reach voicemail, so the attempt is missed', async () => {
    const setup = await widgetWith({ useAgents: true, callingRuleId: 1, numberOfTries: 1, agents: [{ phone: '+15005550006' }, { phone: '+15005550005' }] }, (s) => (s.missedCallRecovery = { textVisitor: { isActive: false, text: '' }, scheduleCallback: false, notifyClient: false }));
    const deps = fastDeps();
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'missed', agentId: null, creditsCharged: 0, reservedCredits: 0, placementClaimedAt: null });
    expect((await legsOf(callId)).map((leg) => leg.status).sort()).toEqual(['declined', 'voicemail']);
  });
});

describe("a call's life: waiting audio (the visitor is called first)", () => {
  const audio = '/files/audio/hold-music.mp3';

  it('the visitor answers and hears the audio while an agent declines and the next accepts; they talk', async () => {
    const setup = await widgetWith({ useAgents: true, callingRuleId: 2, numberOfTries: 1, agents: [{ phone: '+15005550006' }, { phone: '+14155550241' }] }, (s) => (s.waitingAudio = { isActive: true, url: audio }));
    const deps = fastDeps();
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', agentId: setup.agentIds[1], creditsCharged: 1 });
    expect((await legsOf(callId)).map((leg) => [leg.target, leg.metadata.to, leg.status, leg.metadata.waitingAudio ?? null])).toEqual([
      ['agent', '+15005550006', 'declined', null],
      ['agent', '+14155550241', 'completed', null],
      ['customer', '+15005550004', 'completed', audio],
    ]);
  });

  it("a busy visitor's line ends the attempt before any agent is rung; the missed Call now is recovered", async () => {
    const setup = await widgetWith({ useAgents: true, numberOfTries: 1, agents: [{ phone: '+14155550242' }] }, (s) => (s.waitingAudio = { isActive: true, url: audio }));
    const deps = fastDeps();
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550001'));
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'busy', agentId: null, creditsCharged: 0 });
    expect((await legsOf(callId)).map((leg) => [leg.target, leg.status])).toEqual([['customer', 'busy']]);
    expect(await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, callId))).toHaveLength(1);
  });

  it('a waiting visitor the agent could not be joined to is let go, not left on the line', async () => {
    const setup = await widgetWith({ useAgents: true, numberOfTries: 1, agents: [{ phone: '+14155550243' }] }, (s) => (s.waitingAudio = { isActive: true, url: audio }));
    const deps = fastDeps({ script: () => 'successful' });
    deps.telephony.bridge = () => Promise.reject(new Error('the agent hung up before the bridge'));
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'no-answer', creditsCharged: 0, placementClaimedAt: null });
    const visitor = (await legsOf(callId)).find((leg) => leg.target === 'customer');
    expect(visitor).toMatchObject({ status: 'completed', metadata: { goodbye: 'Sorry, nobody could take your call right now.', waitingAudio: audio } });
  });

  it('a waiting visitor nobody accepts is let go, and the call is missed', async () => {
    const setup = await widgetWith({ useAgents: true, numberOfTries: 1, agents: [{ phone: '+15005550005' }] }, (s) => (s.waitingAudio = { isActive: true, url: audio }));
    const deps = fastDeps();
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'missed', creditsCharged: 0, placementClaimedAt: null });
    expect((await legsOf(callId)).map((leg) => [leg.target, leg.status, leg.metadata.waitingAudio ?? null])).toEqual([
      ['agent', 'voicemail', null],
      ['customer', 'completed', audio],
    ]);
  });
});

describe("a call's life: recording and caller ID", () => {
  it("says the recording notice to both parties, in the visitor's language, before a recorded call", async () => {
    const setup = await widgetWith({ numberOfTries: 1 }, (s) => (s.recording = { notice: true, isActive: true }));
    const deps = fastDeps({ script: () => 'successful' });
    const { callId } = await requestInstantCall(server.db, deps, { ...setup.request('+12125550302'), language: 'fr-CA' });
    await deps.placements.settle();
    expect((await legsOf(callId)).map((leg) => [leg.target, leg.metadata.notice])).toEqual([
      ['agent', 'Cet appel est enregistré.'],
      ['customer', 'Cet appel est enregistré.'],
    ]);
    expect(await server.db.select().from(callRecordings).where(eq(callRecordings.callId, callId))).toHaveLength(1);
  });

  it('keeps no recording, and says no notice, when recording is off', async () => {
    const setup = await widgetWith({ numberOfTries: 1 }, (s) => (s.recording = { notice: true, isActive: false }));
    const deps = fastDeps({ script: () => 'successful' });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550306'));
    await deps.placements.settle();
    expect((await legsOf(callId)).every((leg) => leg.metadata.notice === undefined)).toBe(true);
    expect(await server.db.select().from(callRecordings).where(eq(callRecordings.callId, callId))).toEqual([]);
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', creditsCharged: 1 });
  });

  it('keeps the recording of a call recorded without a notice (the defaults)', async () => {
    const setup = await widgetWith({ numberOfTries: 1 });
    const deps = fastDeps({ script: () => 'successful' });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550303'));
    await deps.placements.settle();
    expect((await legsOf(callId)).every((leg) => leg.metadata.notice === undefined)).toBe(true);
    expect(await server.db.select().from(callRecordings).where(eq(callRecordings.callId, callId))).toHaveLength(1);
  });

  it('shows the visitor the custom caller ID only when the account may display it', async () => {
    const setup = await widgetWith({ numberOfTries: 1 }, (s) => (s.customCallerId = { value: '+14155550999' }));
    const deps = fastDeps({ script: () => 'successful' });
    const first = await requestInstantCall(server.db, deps, setup.request('+12125550304'));
    await deps.placements.settle();
    await server.db.update(users).set({ displayCustomNumberToCustomers: true }).where(eq(users.id, setup.userId));
    const second = await requestInstantCall(server.db, deps, setup.request('+12125550305'));
    await deps.placements.settle();
    const visitorSaw = async (callId: number) => (await legsOf(callId)).find((leg) => leg.target === 'customer')!.metadata.from;
    const [call] = await server.db.select().from(calls).where(eq(calls.id, first.callId));
    expect(await visitorSaw(first.callId)).toBe(call!.calledFrom);
    expect(await visitorSaw(second.callId)).toBe('+14155550999');
  });
});

describe('missed-call recovery', () => {
  it('texts the visitor in his language, schedules a callback at least 5 minutes later and notifies the client', async () => {
    const clock = fixedClock(new Date('2026-11-25T10:00:00Z'));
    const setup = await widgetWith({ numberOfTries: 1 });
    const deps = fastDeps({ clock });
    const { callId } = await requestInstantCall(server.db, deps, { ...setup.request('+15005550003'), language: 'de-DE' });
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'missed', visitorLanguage: 'de-DE', creditsCharged: 0 });
    expect((await notificationsOf(callId)).map((row) => [row.event, row.channel, row.to])).toEqual([
      ['call_requested', 'email', 'owner@example.com'],
      ['missed_call_text', 'text', '+15005550003'],
      ['call_missed', 'email', 'owner@example.com'],
    ]);
    const [callback] = await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, callId));
    expect(callback).toMatchObject({ status: 'pending', customerNumber: '+15005550003', widgetId: setup.widgetId, url: setup.request().url, scheduledAt: new Date('2026-11-25T10:05:00Z') });

    const adapters = recordingAdapters();
    const worker = new NotificationsWorker({ db: server.db, mail: adapters.mail, texts: adapters.texts, publicUrl: 'https://app.example.com', log: { info: () => undefined, warn: () => undefined }, now: () => Date.now() });
    for (let batch = 0; batch < 20; batch += 1) await worker.runOnce();
    expect(adapters.sent.texts.filter((text) => text.to === '+15005550003')).toEqual([{ to: '+15005550003', from: call!.calledFrom, body: 'Leider haben wir Ihren Anruf verpasst. Wir rufen Sie so bald wie möglich zurück.' }]);
    expect(adapters.sent.mails.map((mail) => mail.subject).filter((subject) => subject.includes('+15005550003'))).toEqual(['New call request: +15005550003 (Floating icon)', 'Missed call: +15005550003 (Floating icon)']);
    const missedMail = adapters.sent.mails.find((mail) => mail.subject.startsWith('Missed call: +15005550003'))!;
    expect(missedMail.text).toContain('The visitor was sent a text message.');
    expect(missedMail.text).toMatch(/A callback is scheduled at 2026-11-25 10:05 GMT\./);

    // Calls History shows what followed the missed call with it.
    const { data } = await listCalls(server.db, setup.userId, {}, { page: 1, perPage: 10 });
    expect(data.find((row) => row.id === callId)!.recovery).toEqual({ textedVisitor: true, callbackAt: '2026-11-25T10:05:00.000Z' });
  });

  it("sends the widget's own words, and does only what the widget's switches leave on", async () => {
    const setup = await widgetWith({ numberOfTries: 1 }, (s) => (s.missedCallRecovery = { textVisitor: { isActive: true, text: ' Sorry! Our team calls you back today. ' }, scheduleCallback: false, notifyClient: false }));
    const deps = fastDeps();
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550002'));
    await deps.placements.settle();
    expect((await notificationsOf(callId)).map((row) => [row.event, row.body])).toEqual([
      ['call_requested', null],
      ['missed_call_text', 'Sorry! Our team calls you back today.'],
    ]);
    expect(await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, callId))).toEqual([]);
    const { data } = await listCalls(server.db, setup.userId, {}, { page: 1, perPage: 10 });
    expect(data.find((row) => row.id === callId)!.recovery).toEqual({ textedVisitor: true, callbackAt: null });
  });

  it('calls back at the next time an agent is available (Monday 9:00 London after a Friday evening miss)', async () => {
    const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, isActive: true, times: [{ from: '09:00', to: '17:00' }] }));
    const clock = fixedClock(new Date('2026-11-27T18:30:00Z'));
    const setup = await widgetWith({ useAgents: true, numberOfTries: 1, agents: [{ phone: '+15005550006', availability: weekdays }] });
    // The agent is off on Friday evening: the call rings nobody, and is recovered for Monday.
    const deps = fastDeps({ clock });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+15005550004'));
    await deps.placements.settle();
    const [callback] = await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, callId));
    expect(callback!.scheduledAt).toEqual(new Date('2026-11-30T09:00:00Z'));
  });

  it('does not recover a scheduled callback that was missed (no callback of a callback)', async () => {
    const clock = fixedClock(new Date(Date.now()));
    const setup = await widgetWith({ numberOfTries: 1 });
    const deps = fastDeps({ clock });
    const { scheduledCallId } = await requestScheduledCall(server.db, deps, { ...setup.request('+15005550003'), scheduledAt: new Date(clock.at.getTime() + 3_600_000), customFields: {} });
    clock.at = new Date(clock.at.getTime() + 3_700_000);
    await new ScheduledCallsWorker({ db: server.db, deps, leaseMs: 60_000 }).runOnce();
    const [call] = await server.db.select().from(calls).where(eq(calls.scheduledCallId, scheduledCallId));
    expect(call).toMatchObject({ type: 'scheduled', status: 'missed' });
    expect(await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, call!.id))).toEqual([]);
    expect((await notificationsOf(call!.id)).map((row) => row.event)).toEqual(['call_missed']);
  });
});

describe('missed-call recovery: limits', () => {
  it('texts one visitor at most 3 times a day, and calls him back once while a callback is pending', async () => {
    const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
    const setup = await widgetWith({ numberOfTries: 1 });
    const deps = fastDeps({ clock, script: () => 'missed' });
    const callIds: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      callIds.push((await requestInstantCall(server.db, deps, setup.request('+12125550377'))).callId);
      await deps.placements.settle();
      clock.at = new Date(clock.at.getTime() + 3 * 60_000);
    }
    expect(await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.customerNumber, '+12125550377'))).toHaveLength(1);
    const adapters = recordingAdapters();
    const worker = new NotificationsWorker({ db: server.db, mail: adapters.mail, texts: adapters.texts, publicUrl: 'https://app.example.com', log: { info: () => undefined, warn: () => undefined }, now: () => Date.now() });
    // Other suites' notifications wait in the same outbox: the worker takes a batch at a time.
    for (let batch = 0; batch < 20; batch += 1) await worker.runOnce();
    expect(adapters.sent.texts.filter((text) => text.to === '+12125550377')).toHaveLength(3);
    const [dropped] = await server.db.select().from(clientNotifications).where(eq(clientNotifications.callId, callIds[3]!));
    const texts = await server.db.select().from(clientNotifications).where(eq(clientNotifications.to, '+12125550377'));
    expect(texts.filter((row) => row.failedAt !== null).map((row) => row.lastError)).toEqual(['over the limit of 3 notifications by text message a day to one recipient']);
    expect(dropped).toBeDefined();
    // Calls History does not claim a text that was refused.
    const { data } = await listCalls(server.db, setup.userId, {}, { page: 1, perPage: 10 });
    const refused = texts.find((row) => row.failedAt !== null)!.callId!;
    expect(data.find((row) => row.id === refused)!.recovery).toBeNull();
  });

  it('an unpaid account queues no text to the visitor', async () => {
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const deps = fastDeps({ script: () => 'missed' });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550378'));
    await deps.placements.settle();
    expect((await notificationsOf(callId)).map((row) => row.event)).toEqual([]);
    expect(await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, callId))).toHaveLength(1);
  });

  it('a conversation whose legs cannot be kept is still recorded as connected and charged', async () => {
    const setup = await widgetWith({ numberOfTries: 1 });
    const deps = fastDeps({ script: () => 'successful' });
    const bridge = deps.telephony.bridge.bind(deps.telephony);
    // A leg the database refuses (its target breaks a check constraint).
    deps.telephony.bridge = async (request) => ({ ...(await bridge(request)), customerLeg: { ...(await Promise.resolve({ target: 'nobody', agentId: null, to: '+1', status: 'completed', providerSid: 'CA0', startedAt: new Date(), endedAt: new Date() })) } as never });
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550379'));
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', creditsCharged: 1 });
    expect(await server.db.select().from(scheduledCalls).where(eq(scheduledCalls.recoversCallId, callId))).toEqual([]);
  });
});

describe('the next available time', () => {
  const at = new Date('2026-11-25T10:02:00Z');
  it('is on a 5-minute step at least 5 minutes ahead', () => {
    expect(nextAvailableAt(at, () => true)).toEqual(new Date('2026-11-25T10:10:00Z'));
    expect(nextAvailableAt(at, () => true)!.getTime() - at.getTime()).toBeGreaterThanOrEqual(RECOVERY_CALLBACK_DELAY_MS);
  });
  it('is none when nobody is available within 8 days', () => {
    expect(nextAvailableAt(at, () => false)).toBeUndefined();
  });
});
