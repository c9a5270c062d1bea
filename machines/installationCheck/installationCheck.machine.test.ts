import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { installationCheckMachine, type Installation, type InstallationReading } from './installationCheck.machine.ts';
import { installationSummary } from './installationCheck.selectors.ts';

const notDetected: Installation = { status: 'not_detected', seenAt: null, seenPage: null, elsewhereSeenAt: null, elsewherePage: null };
const installed: Installation = { status: 'installed', seenAt: '2026-11-28T10:00:00.000Z', seenPage: 'https://shop.example.com/cart', elsewhereSeenAt: null, elsewherePage: null };
const at = (installation: Installation, checkedAt = '2026-11-28T10:05:00.000Z'): InstallationReading => ({ installation, checkedAt });

function running(load: (publicKey: string) => Promise<InstallationReading>, reading?: InstallationReading) {
  const loader = vi.fn(load);
  const actor = createActor(installationCheckMachine.provide({ actors: { installationLoader: fromPromise(({ input }) => loader(input.publicKey)) } }), {
    input: { publicKey: 'key-shop', ...(reading && { reading }) },
  }).start();
  return { actor, loader };
}

describe('installation status (issue 21)', () => {
  it('reads the status when the Code step opens, and says when it checked', async () => {
    const { actor, loader } = running(async () => at(installed));
    expect(installationSummary(actor.getSnapshot()).status).toBe('unknown');
    actor.send({ type: 'screen.opened' });
    expect(installationSummary(actor.getSnapshot()).checking).toBe(true);
    await flushPromises();
    expect(loader).toHaveBeenCalledWith('key-shop');
    expect(installationSummary(actor.getSnapshot())).toMatchObject({ status: 'installed', seenPage: 'https://shop.example.com/cart', checkedAt: '2026-11-28T10:05:00.000Z', checking: false });
  });

  it('starts from the list\'s reading and reads again on Check again, once however often it is clicked', async () => {
    const { actor, loader } = running(async () => at(installed, '2026-11-28T10:06:00.000Z'), at(notDetected));
    expect(installationSummary(actor.getSnapshot()).status).toBe('not_detected');
    actor.send({ type: 'user.checkAgain' });
    actor.send({ type: 'user.checkAgain' });
    // The last reading stays on screen while the check runs.
    expect(installationSummary(actor.getSnapshot())).toMatchObject({ status: 'not_detected', checking: true });
    await flushPromises();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(installationSummary(actor.getSnapshot())).toMatchObject({ status: 'installed', checkedAt: '2026-11-28T10:06:00.000Z' });
  });

  it('keeps the last reading when a check fails, and lets the client try again', async () => {
    const answers = [Promise.reject(new Error('offline')), Promise.resolve(at(installed))];
    answers[0]!.catch(() => undefined);
    const { actor } = running(() => answers.shift()!, at(notDetected));
    actor.send({ type: 'user.checkAgain' });
    await flushPromises();
    expect(installationSummary(actor.getSnapshot())).toMatchObject({ status: 'not_detected', failed: true });
    actor.send({ type: 'user.checkAgain' });
    await flushPromises();
    expect(installationSummary(actor.getSnapshot())).toMatchObject({ status: 'installed', failed: false });
  });

  it('warns of a page of another origin while it is the latest sign of the script', () => {
    const summary = (installation: Installation) => installationSummary(createActor(installationCheckMachine, { input: { publicKey: 'k', reading: at(installation) } }).getSnapshot()).elsewhere;
    const elsewhere = { elsewhereSeenAt: '2026-11-28T11:00:00.000Z', elsewherePage: 'https://copy.example.net/' };
    expect(summary({ ...notDetected, ...elsewhere })).toEqual({ page: 'https://copy.example.net/', seenAt: '2026-11-28T11:00:00.000Z' });
    expect(summary({ ...installed, ...elsewhere })).toEqual({ page: 'https://copy.example.net/', seenAt: '2026-11-28T11:00:00.000Z' });
    expect(summary({ ...installed, seenAt: '2026-11-28T12:00:00.000Z', ...elsewhere })).toBeNull();
    expect(summary(installed)).toBeNull();
  });
});

describe('installation check: generated paths', () => {
  const paths = generatePaths(installationCheckMachine, {
    input: { publicKey: 'key-shop' },
    events: [
      { type: 'screen.opened' },
      { type: 'user.checkAgain' },
      { type: 'xstate.done.actor.installationLoader', output: at(installed) },
      { type: 'xstate.error.actor.installationLoader', error: new Error('offline') },
    ],
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(installationCheckMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(installationCheckMachine.provide({ actors: { installationLoader: stalled() } }), { input: { publicKey: 'key-shop' } }).start();
    replayPath(path, actor);
    actor.stop();
  });
});
