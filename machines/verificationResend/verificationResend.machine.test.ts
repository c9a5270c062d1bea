import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { verificationResendMachine } from './verificationResend.machine.ts';

function running(resend: (email: string) => Promise<unknown> = async () => undefined) {
  const calls = { resend: vi.fn(resend), notices: [] as { type: string; message: string | undefined }[] };
  const actor = createActor(
    verificationResendMachine.provide({
      actors: { resendRequest: fromPromise(({ input }) => calls.resend(input.email)) },
      actions: {
        showNotice: (_, params: { type: string; message: MessageDescriptor }) => void calls.notices.push({ type: params.type, message: english(params.message) }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('send the verification link again (spec §2, §8)', () => {
  it('sends the form\'s address and says the mail is on its way', async () => {
    const { actor, calls } = running();
    actor.send({ type: 'user.resend', email: 'new.client@example.com' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    await flushPromises();
    expect(calls.resend).toHaveBeenCalledWith('new.client@example.com');
    expect(calls.notices).toEqual([{ type: 'success', message: 'A sign up verification email was sent to your address!' }]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('says "Failed to send verification code." when it fails, and that there were too many attempts on 429', async () => {
    const failures = [{ status: 502, code: 'mail_unavailable' }, { status: 0 }, { status: 429, code: 'too_many_attempts' }];
    const { actor, calls } = running(async () => Promise.reject(failures.shift()));
    for (let i = 0; i < 3; i++) {
      actor.send({ type: 'user.resend', email: 'new.client@example.com' });
      await flushPromises();
    }
    expect(calls.notices.map((notice) => notice.message)).toEqual([
      'Failed to send verification code.',
      'Failed to send verification code.',
      'Too many attempts. Please try again later.',
    ]);
  });
});

describe('verification resend: generated paths', () => {
  const paths = generatePaths(verificationResendMachine, {
    events: [
      { type: 'user.resend', email: 'new.client@example.com' },
      { type: 'xstate.done.actor.resendRequest', output: undefined },
      { type: 'xstate.error.actor.resendRequest', error: { status: 502 } },
    ],
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(verificationResendMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(verificationResendMachine.provide({ actors: { resendRequest: stalled() } })).start();
    replayPath(path, actor);
    actor.stop();
  });
});
