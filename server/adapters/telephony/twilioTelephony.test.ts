import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { creditLedger } from '../../db/schema/billing.ts';
import { callRecordings, calls, twilioCallLegs } from '../../db/schema/calls.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { users } from '../../db/schema/accounts.ts';
import { requestInstantCall } from '../../domain/callEngine/callRequests.ts';
import { accountWithWidget, balanceOf, quietLog } from '../../test/callTestKit.ts';
import { createCallRequestDeps } from '../../domain/callEngine/callRequestDeps.ts';
import { FAKE_RECORDING, FakeTwilioApi, twilioSignatureFor } from '../../test/fakeTwilio.ts';
import { signIn } from '../../test/accounts.ts';
import { startTestServer, TEST_PUBLIC_URL, type TestApp, type TestServer } from '../../test/harness.ts';
import { TwilioTelephony } from './twilioTelephony.ts';

// The worked example of Twilio's request-validation documentation (auth token 12345).
const DOC_TOKEN = '12345';
const DOC_URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const DOC_PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const DOC_SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

const ACCOUNT_SID = `AC${'0'.repeat(32)}`;
const AUTH_TOKEN = 'test-auth-token';

let server: TestServer;
let fake: FakeTwilioApi;
let telephony: TwilioTelephony;
let app: TestApp;
beforeAll(async () => {
  server = await startTestServer();
  fake = await FakeTwilioApi.start();
  telephony = new TwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, publicUrl: TEST_PUBLIC_URL, apiBaseUrl: fake.url, recordingGraceMs: 5_000 });
  app = await server.variant({ adapters: (_log, base) => ({ ...base, telephony }) });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** Posts a callback as Twilio does: a form, signed over PUBLIC_URL + path (unless `signature` is given). */
async function callback(path: string, params: Record<string, string>, signature?: string) {
  const response = await app.request({
    method: 'POST',
    url: path,
    form: params,
    headers: { 'x-twilio-signature': signature ?? twilioSignatureFor(AUTH_TOKEN, `${TEST_PUBLIC_URL}${path}`, params) },
  });
  return response;
}

/** The path of a callback URL the adapter gave Twilio. */
const pathOf = (url: string | null) => url!.slice(TEST_PUBLIC_URL.length);

async function nextCreatedCall(count: number) {
  await expect.poll(() => fake.createdCalls.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(count);
  return fake.createdCalls[count - 1]!;
}

describe('Twilio callback signatures (twilio.validateRequest)', () => {
  it("accepts Twilio's documented example and refuses a tampered parameter, URL, token or signature", () => {
    const documented = new TwilioTelephony({ accountSid: ACCOUNT_SID, authToken: DOC_TOKEN, publicUrl: 'https://example.com' });
    expect(documented.verifyCallback(DOC_URL, DOC_PARAMS, DOC_SIGNATURE)).toBe(true);
    expect(documented.verifyCallback(DOC_URL, { ...DOC_PARAMS, Digits: '9999' }, DOC_SIGNATURE)).toBe(false);
    expect(documented.verifyCallback(`${DOC_URL}&extra=1`, DOC_PARAMS, DOC_SIGNATURE)).toBe(false);
    expect(documented.verifyCallback(DOC_URL, DOC_PARAMS, undefined)).toBe(false);
    expect(documented.verifyCallback(DOC_URL, DOC_PARAMS, 'RSOYDt4T1cUTdK1PDd93/VVr8B8X')).toBe(false);
    expect(telephony.verifyCallback(DOC_URL, DOC_PARAMS, DOC_SIGNATURE)).toBe(false);
  });

  it('answers 403 to an unsigned or wrongly signed callback', async () => {
    const params = { CallSid: 'CA1', CallStatus: 'completed' };
    expect((await app.request({ method: 'POST', url: '/telephony/twilio/status?attempt=1', form: params })).status).toBe(403);
    expect((await callback('/telephony/twilio/status?attempt=1', params, twilioSignatureFor('another-token', `${TEST_PUBLIC_URL}/telephony/twilio/status?attempt=1`, params))).status).toBe(403);
    expect((await callback('/telephony/twilio/status?attempt=1', params)).status).toBe(200);
  });

  it("refuses the simulator's test numbers as agents: with Twilio they would be real numbers", async () => {
    const setup = await accountWithWidget(server.db);
    const { accessToken } = await signIn(app, setup.account.email, setup.account.password);
    const refused = await app.app.inject({ method: 'POST', url: '/api/client/agents', headers: { authorization: `Bearer ${accessToken}` }, payload: { name: 'Test Agent', phone: '+15005550006' } });
    expect(refused.statusCode).toBe(400);
  });

  it('announces itself at startup', () => {
    expect(telephony.description).toMatch(/^Twilio \(account AC0000…; agent first with the whisper, then the visitor bridged; signed callbacks at http:\/\/dashboard\.test\/telephony\/twilio\/\*\)$/);
  });
});

/** An attribute of the first element named `element` in a TwiML document. */
function attributeOf(twiml: string, element: string, attribute: string): string | undefined {
  const tag = new RegExp(`<${element}\\b[^>]*>`).exec(twiml)?.[0];
  return tag ? new RegExp(`\\b${attribute}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&') : undefined;
}

/** A widget whose call flow is set (issue 18): the whisper, the recording notice and recording, the waiting audio. */
async function widgetWithFlow(setup: Awaited<ReturnType<typeof accountWithWidget>>, flow: { agentWhisper?: boolean; recording?: { notice: boolean; isActive: boolean }; waitingAudio?: { isActive: boolean; url: string } }) {
  const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, setup.widgetId));
  const settings = widget!.settings as { settings: Record<string, unknown> };
  Object.assign(settings.settings, flow);
  await server.db.update(widgets).set({ settings }).where(eq(widgets.id, setup.widgetId));
}

describe('Twilio call placement (against a local stand-in for api.twilio.com)', () => {
  it('calls the agent, whispers, bridges the visitor once he presses 1, and records the outcome, recording and charge like the simulator', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550142'));

    const agentCall = await nextCreatedCall(before + 1);
    expect(agentCall.credentials).toBe(`${ACCOUNT_SID}:${AUTH_TOKEN}`);
    expect(agentCall.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Calls.json`);
    expect(agentCall.params.get('To')).toBe('+14155550123');
    expect(agentCall.params.get('From')).toMatch(/^\+\d+$/);
    expect(agentCall.params.get('Timeout')).toBe('25');
    // With the whisper the agent's key tells a person from a voicemail: no machine detection.
    expect(agentCall.params.get('MachineDetection')).toBeNull();
    const answerPath = pathOf(agentCall.params.get('Url'));
    const statusPath = pathOf(agentCall.params.get('StatusCallback'));
    expect(answerPath).toMatch(/^\/telephony\/twilio\/answer\?attempt=/);
    const agentSid = agentCall.sid!;

    // The agent picks up: he hears the whisper inside a one-key <Gather> (Twilio's documented attributes).
    const answer = await callback(answerPath, { CallSid: agentSid, CallStatus: 'in-progress' });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Gather [^>]*><Say>Call from the widget Floating icon\. Page [a-z0-9-]+\.example\.com\/pricing\. Press 1 to take the call\.<\/Say><\/Gather><Hangup\/><\/Response>$/);
    expect(attributeOf(answer.text, 'Gather', 'numDigits')).toBe('1');
    expect(attributeOf(answer.text, 'Gather', 'timeout')).toBe('8');
    expect(attributeOf(answer.text, 'Gather', 'actionOnEmptyResult')).toBe('false');
    const acceptPath = pathOf(attributeOf(answer.text, 'Gather', 'action')!);
    expect(acceptPath).toMatch(/^\/telephony\/twilio\/accept\?attempt=/);

    // He presses 1: his call goes on with the <Dial> of the visitor, recording on.
    const accept = await callback(acceptPath, { CallSid: agentSid, Digits: '1' });
    expect(accept.text).toContain('<Number>+12125550142</Number>');
    expect(attributeOf(accept.text, 'Dial', 'record')).toBe('record-from-answer-dual');
    expect(attributeOf(accept.text, 'Dial', 'callerId')).toMatch(/^\+\d+$/);
    const dialAction = pathOf(attributeOf(accept.text, 'Dial', 'action')!);
    const recordingPath = pathOf(attributeOf(accept.text, 'Dial', 'recordingStatusCallback')!);

    expect((await callback(dialAction, { CallSid: agentSid, DialCallSid: 'CAcustomer1', DialCallStatus: 'completed', DialCallDuration: '42' })).text).toContain('<Hangup/>');
    const recordingUrl = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE123`;
    await callback(recordingPath, { CallSid: agentSid, RecordingSid: 'RE123', RecordingUrl: recordingUrl, RecordingStatus: 'completed', RecordingDuration: '42' });
    await callback(statusPath, { CallSid: agentSid, CallStatus: 'completed', CallDuration: '55' });
    await deps.placements.settle();

    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', duration: 42, agentNumber: '+14155550123', creditsCharged: 1 });
    const legs = await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId)).orderBy(asc(twilioCallLegs.id));
    expect(legs.map((leg) => [leg.target, leg.status, leg.providerSid, leg.metadata.to, leg.metadata.accepted ?? null])).toEqual([
      ['agent', 'completed', agentSid, '+14155550123', true],
      ['customer', 'completed', 'CAcustomer1', '+12125550142', null],
    ]);
    expect(await server.db.select().from(callRecordings).where(eq(callRecordings.callId, callId))).toMatchObject([{ storageKey: recordingUrl, duration: 42 }]);
    expect(await balanceOf(server.db, setup.userId)).toBe(19);
    expect(await server.db.select().from(creditLedger).where(eq(creditLedger.callId, callId))).toMatchObject([{ delta: -1, reason: 'call' }]);

    // Calls History plays Twilio's recording, fetched with the account's credentials.
    const { accessToken } = await signIn(app, setup.account.email, setup.account.password);
    const played = await app.app.inject({ method: 'GET', url: `/api/client/calls/${callId}/recording`, headers: { authorization: `Bearer ${accessToken}` } });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(FAKE_RECORDING)).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE123.wav`, credentials: `${ACCOUNT_SID}:${AUTH_TOKEN}` });
  });

  it('rings all agents at once, bridges the first to accept and cancels the others', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { useAgents: true, callingRuleId: 1, numberOfTries: 1, agents: [{ phone: '+14155550201' }, { phone: '+14155550202' }] });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550143'));
    const [first, second] = [await nextCreatedCall(before + 1), await nextCreatedCall(before + 2)];
    expect([first.params.get('To'), second.params.get('To')].sort()).toEqual(['+14155550201', '+14155550202']);
    const [firstSid, secondSid] = [first.sid!, second.sid!];

    const answer = await callback(pathOf(second.params.get('Url')), { CallSid: secondSid, CallStatus: 'in-progress' });
    const accept = await callback(pathOf(attributeOf(answer.text, 'Gather', 'action')!), { CallSid: secondSid, Digits: '1' });
    expect(accept.text).toContain('<Number>+12125550143</Number>');
    await expect.poll(() => fake.requests.some((r) => r.path.endsWith(`/Calls/${firstSid}.json`) && r.params.get('Status') === 'canceled')).toBe(true);
    const dialAction = pathOf(attributeOf(accept.text, 'Dial', 'action')!);
    await callback(dialAction, { CallSid: secondSid, DialCallSid: 'CAcustomer2', DialCallStatus: 'busy', DialCallDuration: '0' });
    await callback(pathOf(first.params.get('StatusCallback')), { CallSid: firstSid, CallStatus: 'canceled' });
    await callback(pathOf(second.params.get('StatusCallback')), { CallSid: secondSid, CallStatus: 'completed' });
    await deps.placements.settle();

    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'busy', duration: 0, agentId: null, creditsCharged: 0 });
    const legs = await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId)).orderBy(asc(twilioCallLegs.id));
    expect(legs.map((leg) => [leg.target, leg.metadata.to, leg.status])).toEqual(
      expect.arrayContaining([
        ['agent', '+14155550201', 'canceled'],
        ['agent', '+14155550202', 'completed'],
        ['customer', '+12125550143', 'busy'],
      ]),
    );
    expect(await balanceOf(server.db, setup.userId)).toBe(20);
  });

  it('one by one: an agent who declines the whisper passes the call to the next, who accepts', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { useAgents: true, callingRuleId: 2, numberOfTries: 1, agents: [{ phone: '+14155550211' }, { phone: '+14155550212' }] });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550145'));
    const first = await nextCreatedCall(before + 1);
    expect(first.params.get('To')).toBe('+14155550211');
    const whisper = await callback(pathOf(first.params.get('Url')), { CallSid: first.sid!, CallStatus: 'in-progress' });
    // Any key but 1 declines: his call hangs up.
    expect((await callback(pathOf(attributeOf(whisper.text, 'Gather', 'action')!), { CallSid: first.sid!, Digits: '9' })).text).toContain('<Hangup/>');
    await callback(pathOf(first.params.get('StatusCallback')), { CallSid: first.sid!, CallStatus: 'completed' });

    const second = await nextCreatedCall(before + 2);
    expect(second.params.get('To')).toBe('+14155550212');
    const heard = await callback(pathOf(second.params.get('Url')), { CallSid: second.sid!, CallStatus: 'in-progress' });
    const accept = await callback(pathOf(attributeOf(heard.text, 'Gather', 'action')!), { CallSid: second.sid!, Digits: '1' });
    await callback(pathOf(attributeOf(accept.text, 'Dial', 'action')!), { CallSid: second.sid!, DialCallSid: 'CAcustomer5', DialCallStatus: 'completed', DialCallDuration: '30' });
    await callback(pathOf(attributeOf(accept.text, 'Dial', 'recordingStatusCallback')!), { CallSid: second.sid!, RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE5`, RecordingStatus: 'completed' });
    await deps.placements.settle();

    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', agentId: setup.agentIds[1], creditsCharged: 1 });
    const legs = await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId)).orderBy(asc(twilioCallLegs.id));
    expect(legs.map((leg) => [leg.metadata.to, leg.status, leg.metadata.round ?? null, leg.metadata.accepted ?? null])).toEqual([
      ['+14155550211', 'declined', 1, false],
      ['+14155550212', 'completed', null, true],
      ['+12125550145', 'completed', null, null],
    ]);
  });

  it('without the whisper, hangs up on a voicemail (machine detection) and takes a person at once; the notice is said to both before a recorded call', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { useAgents: true, callingRuleId: 2, numberOfTries: 1, agents: [{ phone: '+14155550221' }, { phone: '+14155550222' }] });
    await widgetWithFlow(setup, { agentWhisper: false, recording: { notice: true, isActive: true } });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550146'));
    const first = await nextCreatedCall(before + 1);
    expect(first.params.get('MachineDetection')).toBe('Enable');
    expect((await callback(pathOf(first.params.get('Url')), { CallSid: first.sid!, CallStatus: 'in-progress', AnsweredBy: 'machine_start' })).text).toContain('<Hangup/>');
    await callback(pathOf(first.params.get('StatusCallback')), { CallSid: first.sid!, CallStatus: 'completed' });

    const second = await nextCreatedCall(before + 2);
    const bridge = await callback(pathOf(second.params.get('Url')), { CallSid: second.sid!, CallStatus: 'in-progress', AnsweredBy: 'human' });
    // The agent hears the notice, then the visitor is dialled; the <Number>'s url says it to the visitor on answer.
    expect(bridge.text).toMatch(/<Response><Say language="en-US">This call is recorded\.<\/Say><Dial [^>]*><Number url="[^"]+">\+12125550146<\/Number><\/Dial><\/Response>$/);
    expect(attributeOf(bridge.text, 'Dial', 'record')).toBe('record-from-answer-dual');
    const noticePath = pathOf(attributeOf(bridge.text, 'Number', 'url')!);
    expect((await callback(noticePath, { CallSid: 'CAcustomer6' })).text).toContain('<Say language="en-US">This call is recorded.</Say>');
    await callback(pathOf(attributeOf(bridge.text, 'Dial', 'action')!), { CallSid: second.sid!, DialCallSid: 'CAcustomer6', DialCallStatus: 'completed', DialCallDuration: '25' });
    await callback(pathOf(attributeOf(bridge.text, 'Dial', 'recordingStatusCallback')!), { CallSid: second.sid!, RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE6`, RecordingStatus: 'completed' });
    await deps.placements.settle();

    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', duration: 25, agentId: setup.agentIds[1], creditsCharged: 1 });
    const legs = await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId)).orderBy(asc(twilioCallLegs.id));
    expect(legs.map((leg) => [leg.metadata.to, leg.status, leg.metadata.notice ?? null])).toEqual([
      ['+14155550221', 'voicemail', null],
      ['+14155550222', 'completed', 'This call is recorded.'],
      ['+12125550146', 'completed', 'This call is recorded.'],
    ]);
  });

  it("bridges without recording when the widget turns it off (Twilio's record=do-not-record, no recording callback)", () => {
    const twiml = telephony.bridgeTwiml('1-1-1-x', { callerId: '+12125550100', customerNumber: '+12125550149', notice: null, record: false, speechLanguage: 'en-US' });
    expect(attributeOf(twiml, 'Dial', 'record')).toBe('do-not-record');
    expect(attributeOf(twiml, 'Dial', 'recordingStatusCallback')).toBeUndefined();
    expect(twiml).toContain('<Number>+12125550149</Number>');
    // The notice is said in the visitor's language, with the matching voice.
    const french = telephony.bridgeTwiml('1-1-1-x', { callerId: '+12125550100', customerNumber: '+33142685300', notice: 'Cet appel est enregistré.', record: true, speechLanguage: 'fr-FR' });
    expect(french).toContain('<Say language="fr-FR">Cet appel est enregistré.</Say>');
  });

  it('waiting audio: calls the visitor first into a waiting room that plays the audio, then joins the accepting agent to him', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { useAgents: true, numberOfTries: 1, agents: [{ phone: '+14155550231' }] });
    await widgetWithFlow(setup, { waitingAudio: { isActive: true, url: '/files/audio/hold.mp3' } });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550147'));

    // The visitor first: from the account's number, with his own answer and status callbacks.
    const visitorCall = await nextCreatedCall(before + 1);
    expect(visitorCall.params.get('To')).toBe('+12125550147');
    const waiting = await callback(pathOf(visitorCall.params.get('Url')), { CallSid: visitorCall.sid!, CallStatus: 'in-progress' });
    // He waits in a room that has not started; its waitUrl plays the widget's audio (absolute, on PUBLIC_URL).
    expect(waiting.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Dial><Conference [^>]*>callback-[\w-]+<\/Conference><\/Dial><\/Response>$/);
    expect(attributeOf(waiting.text, 'Conference', 'startConferenceOnEnter')).toBe('false');
    expect(attributeOf(waiting.text, 'Conference', 'endConferenceOnExit')).toBe('true');
    expect(attributeOf(waiting.text, 'Conference', 'waitUrl')).toBe(`${TEST_PUBLIC_URL}/files/audio/hold.mp3`);
    expect(attributeOf(waiting.text, 'Conference', 'waitMethod')).toBe('GET');
    const room = />(callback-[\w-]+)<\/Conference>/.exec(waiting.text)![1];

    // Then the agent, whispered to; on "1" he joins the room, which starts, recorded.
    const agentCall = await nextCreatedCall(before + 2);
    const whisper = await callback(pathOf(agentCall.params.get('Url')), { CallSid: agentCall.sid!, CallStatus: 'in-progress' });
    const join = await callback(pathOf(attributeOf(whisper.text, 'Gather', 'action')!), { CallSid: agentCall.sid!, Digits: '1' });
    expect(join.text).toContain(`>${room}</Conference>`);
    expect(attributeOf(join.text, 'Conference', 'startConferenceOnEnter')).toBe('true');
    expect(attributeOf(join.text, 'Conference', 'record')).toBe('record-from-start');
    // They talk for 40 s (only Date is faked: the callbacks still run on real timers).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 40_000);
    await callback(pathOf(attributeOf(join.text, 'Dial', 'action')!), { CallSid: agentCall.sid!, DialCallStatus: 'completed' });
    vi.useRealTimers();
    await callback(pathOf(attributeOf(join.text, 'Conference', 'recordingStatusCallback')!), { CallSid: agentCall.sid!, RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE7`, RecordingStatus: 'completed' });
    await deps.placements.settle();

    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'successful', agentId: setup.agentIds[0], creditsCharged: 1 });
    expect(call!.duration).toBeGreaterThanOrEqual(39);
    const legs = await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId)).orderBy(asc(twilioCallLegs.id));
    expect(legs.map((leg) => [leg.target, leg.providerSid, leg.status, leg.metadata.waitingAudio ?? null])).toEqual([
      ['agent', agentCall.sid, 'completed', null],
      ['customer', visitorCall.sid, 'completed', '/files/audio/hold.mp3'],
    ]);
  });

  it('waiting audio: a waiting visitor nobody accepts is told and let go through the REST API', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { useAgents: true, numberOfTries: 1, agents: [{ phone: '+14155550232' }] });
    await widgetWithFlow(setup, { waitingAudio: { isActive: true, url: 'https://cdn.example.com/hold.mp3' } });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550148'));
    const visitorCall = await nextCreatedCall(before + 1);
    const waiting = await callback(pathOf(visitorCall.params.get('Url')), { CallSid: visitorCall.sid!, CallStatus: 'in-progress' });
    expect(attributeOf(waiting.text, 'Conference', 'waitUrl')).toBe('https://cdn.example.com/hold.mp3');
    const agentCall = await nextCreatedCall(before + 2);
    await callback(pathOf(agentCall.params.get('StatusCallback')), { CallSid: agentCall.sid!, CallStatus: 'no-answer' });
    await deps.placements.settle();
    const goodbye = fake.requests.find((r) => r.path.endsWith(`/Calls/${visitorCall.sid}.json`) && r.params.has('Twiml'));
    expect(goodbye?.params.get('Twiml')).toMatch(/<Say language="en-US">Sorry, nobody could take your call right now\.<\/Say><Hangup\/>/);
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'missed', creditsCharged: 0 });
  });

  it('waiting audio: a visitor who hangs up while waiting is not charged when an agent then accepts; the agent is let go', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { useAgents: true, numberOfTries: 1, agents: [{ phone: '+14155550233' }] });
    await widgetWithFlow(setup, { waitingAudio: { isActive: true, url: '/files/audio/hold.mp3' } });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550150'));
    const visitorCall = await nextCreatedCall(before + 1);
    await callback(pathOf(visitorCall.params.get('Url')), { CallSid: visitorCall.sid!, CallStatus: 'in-progress' });
    const agentCall = await nextCreatedCall(before + 2);
    // He gives up while the agent hears the whisper.
    await callback(pathOf(visitorCall.params.get('StatusCallback')), { CallSid: visitorCall.sid!, CallStatus: 'completed' });
    const whisper = await callback(pathOf(agentCall.params.get('Url')), { CallSid: agentCall.sid!, CallStatus: 'in-progress' });
    const accept = await callback(pathOf(attributeOf(whisper.text, 'Gather', 'action')!), { CallSid: agentCall.sid!, Digits: '1' });
    expect(accept.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'no-answer', creditsCharged: 0, reservedCredits: 0 });
    expect(await server.db.select().from(callRecordings).where(eq(callRecordings.callId, callId))).toEqual([]);
  });

  it('shows the custom caller ID only when Twilio has it verified for the account', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    await server.db.update(users).set({ displayCustomNumberToCustomers: true }).where(eq(users.id, setup.userId));
    const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, setup.widgetId));
    const settings = widget!.settings as { settings: Record<string, unknown> };
    settings.settings.customCallerId = { value: '+14155550777' };
    await server.db.update(widgets).set({ settings }).where(eq(widgets.id, setup.widgetId));
    const bridgeFor = async (visitor: string) => {
      const before = fake.createdCalls.length;
      const { callId } = await requestInstantCall(server.db, deps, setup.request(visitor));
      const agentCall = await nextCreatedCall(before + 1);
      const whisper = await callback(pathOf(agentCall.params.get('Url')), { CallSid: agentCall.sid!, CallStatus: 'in-progress' });
      const accept = await callback(pathOf(attributeOf(whisper.text, 'Gather', 'action')!), { CallSid: agentCall.sid!, Digits: '1' });
      await callback(pathOf(attributeOf(accept.text, 'Dial', 'action')!), { CallSid: agentCall.sid!, DialCallSid: 'CAv', DialCallStatus: 'busy' });
      await deps.placements.settle();
      return { callId, callerId: attributeOf(accept.text, 'Dial', 'callerId') };
    };
    // Not verified: the service's number is shown.
    const first = await bridgeFor('+12125550151');
    const [call] = await server.db.select().from(calls).where(eq(calls.id, first.callId));
    expect(first.callerId).toBe(call!.calledFrom);
    expect(fake.requests.some((r) => r.path.includes('/OutgoingCallerIds.json?') && r.path.includes('PhoneNumber=%2B14155550777'))).toBe(true);
    // Verified (and, for the test, asked again: a new telephony has no remembered answer).
    fake.verifiedCallerIds.add('+14155550777');
    const fresh = new TwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, publicUrl: TEST_PUBLIC_URL, apiBaseUrl: fake.url, recordingGraceMs: 5_000 });
    expect(await fresh.mayShowCallerId('+14155550777')).toBe(true);
    expect(await fresh.mayShowCallerId('+14155550778')).toBe(false);
  });

  it('is missed, uncharged, when the agent does not pick up', async () => {
    const deps = createCallRequestDeps({ telephony, log: quietLog });
    const setup = await accountWithWidget(server.db, { numberOfTries: 1 });
    const before = fake.createdCalls.length;
    const { callId } = await requestInstantCall(server.db, deps, setup.request('+12125550144'));
    const agentCall = await nextCreatedCall(before + 1);
    await callback(pathOf(agentCall.params.get('StatusCallback')), { CallSid: agentCall.sid!, CallStatus: 'no-answer' });
    await deps.placements.settle();
    const [call] = await server.db.select().from(calls).where(eq(calls.id, callId));
    expect(call).toMatchObject({ status: 'missed', creditsCharged: 0 });
    expect(await server.db.select().from(twilioCallLegs).where(eq(twilioCallLegs.callId, callId))).toMatchObject([{ target: 'agent', status: 'no-answer' }]);
  });
});

describe('telephony configuration', () => {
  const sid = `AC${'a'.repeat(32)}`;

  it('defaults to the simulator at 60× real time', () => {
    expect(loadConfig({}).telephony).toEqual({ twilio: undefined, simulatorSpeed: 60, duplicateWindowSeconds: 120, scheduledPollSeconds: 5 });
    expect(loadConfig({ CALL_SIMULATOR_SPEED: '1', CALL_DUPLICATE_WINDOW: '30', SCHEDULED_CALLS_POLL_INTERVAL: '2' }).telephony).toMatchObject({
      simulatorSpeed: 1,
      duplicateWindowSeconds: 30,
      scheduledPollSeconds: 2,
    });
  });

  it.each([
    [{ CALL_SIMULATOR_SPEED: 'fast' }, /CALL_SIMULATOR_SPEED must be a number/],
    [{ CALL_SIMULATOR_SPEED: '0.5' }, /CALL_SIMULATOR_SPEED must be at least 1/],
    [{ CALL_DUPLICATE_WINDOW: '-1' }, /CALL_DUPLICATE_WINDOW must be a positive number of seconds/],
    [{ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 't' }, /TWILIO_ACCOUNT_SID must be a Twilio Account SID/],
    [{ TWILIO_ACCOUNT_SID: sid }, /TWILIO_AUTH_TOKEN is required with TWILIO_ACCOUNT_SID/],
    [{ TWILIO_AUTH_TOKEN: 'token' }, /TWILIO_ACCOUNT_SID is required with TWILIO_AUTH_TOKEN/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes Twilio credentials as a pair', () => {
    expect(loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token' }).telephony.twilio).toEqual({ accountSid: sid, authToken: 'token' });
  });

  it('refuses the simulator in production unless ALLOW_LOCAL_ADAPTERS=true', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', RECAPTCHA_SECRET: 's', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig(production)).toThrow(/TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are required when NODE_ENV=production/);
    expect(loadConfig({ ...production, ALLOW_LOCAL_ADAPTERS: 'true' }).telephony.twilio).toBeUndefined();
    expect(loadConfig({ ...production, TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token' }).telephony.twilio?.accountSid).toBe(sid);
  });
});
