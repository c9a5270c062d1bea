import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_WAIT_MS, noticeOwner } from './sudoMode.ts';

// The owner's notice of a new key or webhook address: the answer that carries the key or secret,
// shown once, waits for the mail a bounded time, and never fails with it.

function requestWithLog() {
  const warn = vi.fn();
  return { request: { log: { warn } } as unknown as FastifyRequest, warn };
}

describe('noticeOwner', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for a mail that is sent', async () => {
    const { request, warn } = requestWithLog();
    let sent = false;
    await noticeOwner(request, 'api keys', async () => {
      sent = true;
    });
    expect(sent).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs a mail that fails, and does not fail', async () => {
    const { request, warn } = requestWithLog();
    await noticeOwner(request, 'api keys', () => Promise.reject(new Error('smtp down')));
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), "api keys: the notice to the account's owner could not be sent");
  });

  it('answers after NOTICE_WAIT_MS when the mail server hangs, the mail going on', async () => {
    vi.useFakeTimers();
    const { request, warn } = requestWithLog();
    let answered = false;
    const noticed = noticeOwner(request, 'webhooks', () => new Promise<void>(() => {})).then(() => (answered = true));
    await vi.advanceTimersByTimeAsync(NOTICE_WAIT_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await noticed;
    expect(warn).toHaveBeenCalledWith("webhooks: the notice to the account's owner is still being sent; answering without waiting for it");
  });
});
