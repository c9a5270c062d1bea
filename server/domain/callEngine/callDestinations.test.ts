import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { calls } from '../../db/schema/calls.ts';
import { signIn } from '../../test/accounts.ts';
import { accountWithWidget } from '../../test/callTestKit.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { blockVisitor } from '../blockList/blockList.ts';
import { CallRequestError } from './callRequestError.ts';
import { callableNumber, callDestinationsOf, homeCountryOf, normalizeNumber } from './callDestinations.ts';

// Issue 15, finding 2: +1 900…, +882…, +44 909…, +239… were accepted and dialled. Now a number
// is parsed with libphonenumber-js (max metadata): only landlines, mobiles and toll-free numbers
// in the client's countries are called. Finding 10 (the number half): `+1…` and `1…` are one
// number in E.164, so they share the duplicate window.

const US = { homeCountry: 'US' as const, countries: ['US' as const] };

function refusal(raw: string, destinations: Parameters<typeof callableNumber>[1] = US): string {
  try {
    callableNumber(raw, destinations);
    return 'accepted';
  } catch (error) {
    if (error instanceof CallRequestError) return error.code;
    throw error;
  }
}

describe('call destinations', () => {
  it.each([
    ['+1 900 555 1234', 'premium rate (US 900)'],
    ['+44 909 123 4567', 'premium rate (UK 09)'],
    ['+33 810 12 34 56', 'shared cost (FR 0810)'],
    ['+882 342 1234', 'satellite / international networks (+882)'],
    ['+881 6 1234 5678', 'satellite (+881, Iridium)'],
    ['+44 56 3012 3456', 'VoIP (UK 056)'],
    ['+44 70 1234 5678', 'personal number (UK 070)'],
    ['+44 76 0012 3456', 'pager (UK 076)'],
    ['+44 55 1234 5678', 'UAN (UK 055)'],
  ])('refuses %s: %s', (number) => {
    expect(refusal(number, { homeCountry: 'US', countries: ['US', 'GB', 'FR'] })).toBe('number_not_allowed');
  });

  it('refuses numbers that do not exist, and keeps the pattern check first', () => {
    expect(refusal('+1 212 055 0171')).toBe('invalid_number');
    expect(refusal('12345')).toBe('invalid_number');
    expect(refusal('+882 345 678 901')).toBe('invalid_number');
  });

  it('calls landlines, mobiles and toll-free numbers, in the allowed countries only', () => {
    expect(refusal('+1 212 555 0171')).toBe('accepted');
    expect(refusal('+1 800 555 1234')).toBe('accepted');
    expect(refusal('+239 222 1234')).toBe('country_not_allowed');
    expect(refusal('+1 876 555 1234')).toBe('country_not_allowed'); // Jamaica shares +1
    expect(refusal('+1 613 555 0123')).toBe('country_not_allowed'); // so does Canada
    expect(refusal('+44 7400 123456')).toBe('country_not_allowed');
    expect(refusal('+44 7400 123456', { homeCountry: 'US', countries: ['US', 'GB'] })).toBe('accepted');
    expect(refusal('+1 212 555 0171', { homeCountry: 'GB', countries: ['GB'] })).toBe('country_not_allowed');
  });

  it('stores E.164 and reads a number without a plus in the home country', () => {
    expect(normalizeNumber('+1 (212) 555-0171', 'US')).toBe('+12125550171');
    expect(normalizeNumber('1 212 555 0171', 'US')).toBe('+12125550171');
    expect(normalizeNumber('212.555.0171', 'US')).toBe('+12125550171');
    expect(normalizeNumber('020 7946 0000', 'GB')).toBe('+442079460000');
  });

  it("defaults to the account's own country, read from its phone number", () => {
    expect(homeCountryOf('+442079460000')).toBe('GB');
    expect(homeCountryOf('+12015550123')).toBe('US');
    expect(homeCountryOf('not a number')).toBe('US');
    expect(callDestinationsOf({ accountPhone: '+33612345678', callCountries: null })).toEqual({ homeCountry: 'FR', countries: ['FR'] });
    expect(callDestinationsOf({ accountPhone: '+33612345678', callCountries: ['BE', 'XX'] })).toEqual({ homeCountry: 'FR', countries: ['BE'] });
  });
});

describe('the widget API refuses what cannot be called', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  let address = 0;
  async function callNow(setup: Awaited<ReturnType<typeof accountWithWidget>>, phone: string) {
    return server.request({
      method: 'POST',
      url: '/widget-api/calls',
      remoteAddress: `198.51.100.${++address}`,
      body: { key: setup.publicKey, widgetId: setup.widgetId, phone, url: 'https://shop.example/' },
    });
  }

  it('answers 422 with a message for the visitor, and dials nothing', async () => {
    const setup = await accountWithWidget(server.db);
    for (const [phone, error] of [
      ['+1 900 555 1234', 'number_not_allowed'],
      ['+882 342 1234', 'number_not_allowed'],
      ['+44 909 123 4567', 'number_not_allowed'],
      ['+239 222 1234', 'country_not_allowed'],
    ] as const) {
      const refused = await callNow(setup, phone);
      expect(refused.status, phone).toBe(422);
      expect(refused.body.error).toBe(error);
      expect(refused.body.error_description).toMatch(/^Calls to (this kind of number|numbers in this country) are not available\. Please enter /);
    }
    expect(await server.db.select().from(calls).where(eq(calls.userId, setup.userId))).toHaveLength(0);
  });

  it('follows the countries the client chose', async () => {
    const setup = await accountWithWidget(server.db);
    expect((await callNow(setup, '+44 7400 123456')).status).toBe(422);
    await server.db.update(users).set({ callCountries: ['US', 'GB'] }).where(eq(users.id, setup.userId));
    expect((await callNow(setup, '+44 7400 123456')).status).toBe(202);
    await server.db.update(users).set({ callCountries: ['GB'] }).where(eq(users.id, setup.userId));
    const home = await callNow(setup, '+1 212 555 0180');
    expect(home.status).toBe(422);
    expect(home.body.error).toBe('country_not_allowed');
  });

  it('counts +1… and 1… as one number: the second is the duplicate of the first', async () => {
    const setup = await accountWithWidget(server.db);
    const first = await callNow(setup, '+1 212 555 0190');
    const second = await callNow(setup, '1 (212) 555-0190');
    const third = await callNow(setup, '212-555-0190');
    expect([first.body.duplicate, second.body.duplicate, third.body.duplicate]).toEqual([false, true, true]);
    const rows = await server.db.select().from(calls).where(and(eq(calls.userId, setup.userId)));
    expect(rows.map((row) => row.customerNumber)).toEqual(['+12125550190']);
  });

  it('GET and PUT /client/call-destinations: the own country by default, then the chosen ones; unknown codes are a 400', async () => {
    const setup = await accountWithWidget(server.db);
    const { accessToken: token } = await signIn(server, setup.account.email, setup.account.password, '198.51.100.250');
    const read = await server.request({ method: 'GET', url: '/api/client/call-destinations', token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ countries: ['US'], homeCountry: 'US' });
    const changed = await server.request({ method: 'PUT', url: '/api/client/call-destinations', token, body: { countries: ['GB', 'US', 'GB'] } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ countries: ['GB', 'US'], homeCountry: 'US' });
    expect((await callNow(setup, '+44 7400 123457')).status).toBe(202);
    for (const countries of [[], ['XX'], ['ZZ'], ['us']]) {
      const refused = await server.request({ method: 'PUT', url: '/api/client/call-destinations', token, body: { countries } });
      expect(refused.status, JSON.stringify(countries)).toBe(400);
      expect(refused.body.error).toBe('invalid_request');
    }
    expect((await server.request({ method: 'GET', url: '/api/client/call-destinations', token })).body.countries).toEqual(['GB', 'US']);
  });

  it('still refuses block-list entries stored before numbers were E.164, in any spelling', async () => {
    const setup = await accountWithWidget(server.db);
    for (const [listed, typed] of [
      ['2125550191', '+1 212 555 0191'],
      ['12125550192', '+12125550192'],
      ['+12125550193', '212 555 0193'],
    ]) {
      await blockVisitor(server.db, setup.userId, 'number', listed!);
      const refused = await callNow(setup, typed!);
      expect(refused.status, `${listed} / ${typed}`).toBe(403);
    }
  });
});
