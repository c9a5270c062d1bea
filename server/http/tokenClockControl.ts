import type { FastifyInstance } from 'fastify';
import { AdjustableTokenClock, systemTokenClock, type TokenClock } from '../domain/auth/tokenClock.ts';

/**
 * The clock the app's tokens use: the one a test injected, else the system clock, or — when
 * TEST_TOKEN_CLOCK is set, which config.ts accepts only with NODE_ENV=test — a clock the browser
 * tests move forward with `POST /dev/token-clock {"to": <epoch ms>}` to expire the tokens they
 * hold at once instead of waiting for them (tests/support/serverClock.ts). It answers the
 * clock's time; the clock never goes back.
 */
export function installTokenClock(app: FastifyInstance, testTokenClock: boolean, injected?: TokenClock): TokenClock {
  if (injected) return injected;
  if (!testTokenClock) return systemTokenClock;
  const clock = new AdjustableTokenClock();
  app.post('/dev/token-clock', async (request, reply) => {
    const to = (request.body as { to?: unknown } | undefined)?.to;
    if (to !== undefined && !Number.isSafeInteger(to)) {
      return reply.code(400).send({ error: 'invalid_request', error_description: 'to must be a time in epoch milliseconds' });
    }
    if (typeof to === 'number') clock.advanceTo(to);
    return reply.header('cache-control', 'no-store').send({ now: clock.now() });
  });
  app.log.warn('TEST_TOKEN_CLOCK: POST /dev/token-clock moves the token clock (browser tests only)');
  return clock;
}
