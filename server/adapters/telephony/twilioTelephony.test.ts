import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TelephonyUnavailableError } from './telephony.ts';
import { TwilioTelephony, twilioSignature, verifyTwilioSignature } from './twilioTelephony.ts';

// The worked example of Twilio's request-validation documentation (auth token 12345).
const AUTH_TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('Twilio callback signatures (X-Twilio-Signature, HMAC-SHA1)', () => {
  it("reproduces Twilio's documented signature, whatever the parameters' order", () => {
    expect(twilioSignature(AUTH_TOKEN, URL, PARAMS)).toBe(SIGNATURE);
    const reversed = Object.fromEntries(Object.entries(PARAMS).reverse());
    expect(verifyTwilioSignature(AUTH_TOKEN, URL, reversed, SIGNATURE)).toBe(true);
  });

  it('counts each distinct value of a repeated parameter once, sorted', () => {
    const params = { Sid: 'CA123', SidAccount: 'AC123', Digits: ['5678', '1234', '1234'] };
    expect(twilioSignature(AUTH_TOKEN, URL, params)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });

  it('refuses a tampered parameter, URL or token, and a missing or malformed signature', () => {
    expect(verifyTwilioSignature(AUTH_TOKEN, URL, { ...PARAMS, Digits: '9999' }, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(AUTH_TOKEN, `${URL}&extra=1`, PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature('54321', URL, PARAMS, SIGNATURE)).toBe(false);
    expect(verifyTwilioSignature(AUTH_TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(verifyTwilioSignature(AUTH_TOKEN, URL, PARAMS, 'short')).toBe(false);
    expect(verifyTwilioSignature(AUTH_TOKEN, URL, PARAMS, 'invalid 王')).toBe(false);
  });

  it('the adapter verifies callbacks with its auth token', () => {
    const twilio = new TwilioTelephony({ accountSid: `AC${'0'.repeat(32)}`, authToken: AUTH_TOKEN, publicUrl: 'https://example.com' });
    expect(twilio.verifyCallback(URL, PARAMS, SIGNATURE)).toBe(true);
    expect(twilio.verifyCallback(URL, PARAMS, 'RSOYDt4T1cUTdK1PDd93/VVr8B8X')).toBe(false);
  });

  it('refuses to place calls instead of pretending (REST placement is not implemented)', async () => {
    const twilio = new TwilioTelephony({ accountSid: `AC${'0'.repeat(32)}`, authToken: AUTH_TOKEN, publicUrl: 'https://example.com' });
    expect(twilio.description).toMatch(/NOT IMPLEMENTED/);
    await expect(
      twilio.dial({ callId: 1, attempt: 1, from: '+12125550100', rule: 'single-number', targets: [{ agentId: null, number: '+14155550123' }], customerNumber: '+15005550004' }),
    ).rejects.toBeInstanceOf(TelephonyUnavailableError);
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
