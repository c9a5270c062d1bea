import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createAdapters, describeAdapters } from '../adapters.ts';
import { FakeTwilioApi } from '../../test/fakeTwilio.ts';
import { TwilioTexts } from './twilioTexts.ts';

const ACCOUNT_SID = `AC${'0'.repeat(32)}`;

describe('the text-message adapter', () => {
  const db = {} as Database; // the adapters only keep it
  const log = { info() {}, warn() {}, error() {} } as never;

  it('is the local outbox beside the call simulator, and says so at startup', () => {
    const adapters = createAdapters(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }), db, log);
    expect(describeAdapters(adapters)).toContain('text messages: local outbox at http://localhost:3000/dev/messages');
  });

  it('is Twilio Messaging beside Twilio', () => {
    const adapters = createAdapters(loadConfig({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: 'token' }), db, log);
    expect(describeAdapters(adapters)).toContain("text messages: Twilio Messaging (account AC0000…, from each call's number)");
    const service = `MG${'a'.repeat(32)}`;
    const withService = createAdapters(loadConfig({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_MESSAGING_FROM: service }), db, log);
    expect(describeAdapters(withService)).toContain(`text messages: Twilio Messaging (account AC0000…, from ${service})`);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_MESSAGING_FROM: '555-0100' })).toThrow(/TWILIO_MESSAGING_FROM/);
  });
});

describe('Twilio Messaging', () => {
  let fake: FakeTwilioApi;
  beforeAll(async () => (fake = await FakeTwilioApi.start()));
  afterAll(() => fake?.close());

  it("creates a Message with the account's credentials: To, From and Body as Twilio documents them", async () => {
    const texts = new TwilioTexts({ accountSid: ACCOUNT_SID, authToken: 'the-token', apiBaseUrl: fake.url });
    await texts.send({ to: '+12015550100', from: '+12015550199', body: 'Sorry we missed your call.' });
    const [sent] = fake.sentMessages;
    expect(sent).toMatchObject({ method: 'POST', path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, credentials: `${ACCOUNT_SID}:the-token` });
    expect(Object.fromEntries(sent!.params)).toEqual({ To: '+12015550100', From: '+12015550199', Body: 'Sorry we missed your call.' });
  });

  it('sends from TWILIO_MESSAGING_FROM when set: a Messaging Service by its SID', async () => {
    const service = `MG${'b'.repeat(32)}`;
    const texts = new TwilioTexts({ accountSid: ACCOUNT_SID, authToken: 'the-token', apiBaseUrl: fake.url, messagingFrom: service });
    await texts.send({ to: '+12015550100', from: '+12015550199', body: 'Hello' });
    expect(Object.fromEntries(fake.sentMessages.at(-1)!.params)).toEqual({ To: '+12015550100', MessagingServiceSid: service, Body: 'Hello' });
  });
});
