import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createAccount, refresh, signIn } from '../test/accounts.ts';
import { startTestServer, type TestApp, type TestServer } from '../test/harness.ts';

let server: TestServer;
let controlled: TestApp;
beforeAll(async () => {
  server = await startTestServer();
  controlled = await server.variant({ config: { testTokenClock: true } });
});
afterAll(() => server?.close());

const moveClock = (to?: unknown) => controlled.request({ method: 'POST', url: '/dev/token-clock', body: to === undefined ? {} : { to } });

describe('POST /dev/token-clock (TEST_TOKEN_CLOCK, browser tests only)', () => {
  it('is not served unless TEST_TOKEN_CLOCK is set', async () => {
    expect((await server.request({ method: 'POST', url: '/dev/token-clock', body: {} })).status).toBe(404);
  });

  it('moves the token clock forward: the tokens it issued expire at once, refresh still works', async () => {
    const account = await createAccount(server.db);
    const tokens = await signIn(controlled, account.email, account.password);
    const profile = (token: string) => controlled.request({ method: 'GET', url: '/api/user', token });
    expect((await profile(tokens.accessToken)).status).toBe(200);

    const { now } = (await moveClock()).body as { now: number };
    const moved = await moveClock(now + controlled.config.accessTokenTtlSeconds * 1000 + 1000);
    expect(moved.status).toBe(200);
    expect(moved.body.now).toBeGreaterThan(now + controlled.config.accessTokenTtlSeconds * 1000);
    expect((await profile(tokens.accessToken)).status).toBe(401);
    // The app with the system clock still takes it: only the controlled app's clock moved.
    expect((await server.request({ method: 'GET', url: '/api/user', token: tokens.accessToken })).status).toBe(200);

    const renewed = await refresh(controlled, tokens.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await profile(renewed.body.accessToken)).status).toBe(200);
  });

  it('never moves the clock back, and refuses a time that is not epoch milliseconds', async () => {
    const { now } = (await moveClock()).body as { now: number };
    expect((await moveClock(now - 3_600_000)).body.now).toBeGreaterThanOrEqual(now);
    expect((await moveClock('soon')).status).toBe(400);
    expect((await moveClock(1.5)).status).toBe(400);
  });

  it('cannot be enabled outside NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_TOKEN_CLOCK: 'true' }).testTokenClock).toBe(true);
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => loadConfig({ NODE_ENV, TEST_TOKEN_CLOCK: 'true', ALLOW_LOCAL_ADAPTERS: 'true', SMTP_URL: 'smtp://mail:25' }), String(NODE_ENV)).toThrow(
        /TEST_TOKEN_CLOCK is for the browser tests only: it needs NODE_ENV=test/,
      );
    }
  });
});
