import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../db/schema/accounts.ts';
import { LOGIN_THROTTLE } from '../domain/auth/loginThrottle.ts';
import { createAccount, uniqueEmail } from '../test/accounts.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let addressCounter = 0;
/** A fresh client address per test, so limits of one test do not leak into another. */
const newAddress = () => `198.51.100.${++addressCounter}`;

function attempt(username: string, password: string, remoteAddress: string) {
  return server.request({ method: 'POST', url: '/api/oauth2/token', form: { grant_type: 'password', username, password }, remoteAddress });
}

async function recordFailures(count: number, key: () => { account: string; clientAddress: string }) {
  await server.db.insert(loginAttempts).values(Array.from({ length: count }, key));
}

async function fail(times: number, username: string, remoteAddress: string) {
  for (let i = 0; i < times; i++) expect((await attempt(username, 'wrong-password', remoteAddress)).status).toBe(401);
}

describe('failed-login limits (LOGIN_THROTTLE)', () => {
  it('answers 429 too_many_attempts after 5 failures of one account from one address, even for the right password', async () => {
    const account = await createAccount(server.db);
    const address = newAddress();
    await fail(LOGIN_THROTTLE.maxFailuresPerPair, account.email, address);
    const blocked = await attempt(account.email, account.password, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not lock the real user out: another address still signs in', async () => {
    const account = await createAccount(server.db);
    await fail(LOGIN_THROTTLE.maxFailuresPerPair, account.email, newAddress());
    expect((await attempt(account.email, account.password, newAddress())).status).toBe(200);
  });

  it('clears the failures of the pair on success', async () => {
    const account = await createAccount(server.db);
    const address = newAddress();
    await fail(LOGIN_THROTTLE.maxFailuresPerPair - 1, account.email, address);
    expect((await attempt(account.email, account.password, address)).status).toBe(200);
    await fail(LOGIN_THROTTLE.maxFailuresPerPair - 1, account.email, address);
    expect((await attempt(account.email, account.password, address)).status).toBe(200);
  });

  it('counts unknown e-mails too', async () => {
    const address = newAddress();
    const ghost = uniqueEmail('ghost');
    await fail(LOGIN_THROTTLE.maxFailuresPerPair, ghost, address);
    expect((await attempt(ghost, 'wrong-password', address)).status).toBe(429);
  });

  it('answers 429 to an address that sprays passwords over many accounts', async () => {
    const address = newAddress();
    // The counting itself is shown above through HTTP; here the history is written directly.
    await recordFailures(LOGIN_THROTTLE.maxFailuresPerAddress - 1, () => ({ account: uniqueEmail('spray'), clientAddress: address }));
    expect((await attempt(uniqueEmail('spray'), 'wrong-password', address)).status).toBe(401);
    const account = await createAccount(server.db);
    expect((await attempt(account.email, account.password, address)).status).toBe(429);
    expect((await attempt(account.email, account.password, newAddress())).status).toBe(200);
  });

  it('only slows an account attacked from many addresses, and its owner still signs in', async () => {
    const account = await createAccount(server.db);
    await recordFailures(LOGIN_THROTTLE.slowDownAfterAccountFailures - 1, () => ({ account: account.email, clientAddress: newAddress() }));
    await fail(1, account.email, newAddress());
    const started = performance.now();
    expect((await attempt(account.email, account.password, newAddress())).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_THROTTLE.slowDownMs - 50);
  });
});
