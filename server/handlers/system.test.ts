import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HandlerContext } from './handlerContext.ts';
import { HEALTH_CHECK_REUSE_MS, systemHandlers } from './system.ts';

function handlersWith(execute: () => Promise<unknown>) {
  const db = { execute: vi.fn(execute) };
  const { getHealth } = systemHandlers({ db, engine: 'pglite' } as unknown as HandlerContext) as { getHealth: () => Promise<unknown> };
  return { db, getHealth };
}

describe('GET /api/health (issue 17: cheap under load, still honest about the database)', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the database once for the checks of the next second, and once for checks that arrive together', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { db, getHealth } = handlersWith(async () => undefined);
    await Promise.all([getHealth(), getHealth(), getHealth()]);
    expect(db.execute).toHaveBeenCalledTimes(1);
    await getHealth();
    expect(db.execute).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HEALTH_CHECK_REUSE_MS);
    expect(await getHealth()).toEqual({ status: 'ok', database: 'pglite' });
    expect(db.execute).toHaveBeenCalledTimes(2);
  });

  it('never reuses a failed check: a database that went down fails the next check too', async () => {
    let down = true;
    const { db, getHealth } = handlersWith(async () => {
      if (down) throw new Error('connection refused');
    });
    await expect(getHealth()).rejects.toThrow('connection refused');
    await expect(getHealth()).rejects.toThrow('connection refused');
    down = false;
    await expect(getHealth()).resolves.toEqual({ status: 'ok', database: 'pglite' });
    expect(db.execute).toHaveBeenCalledTimes(3);
  });
});
