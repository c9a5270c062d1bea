import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { callDestinationsMachine, type CallDestinations } from './callDestinations.machine.ts';
import { canSave, hasFailed, isChanged, isSaving } from './callDestinations.selectors.ts';

const home: CallDestinations = { countries: ['US'], homeCountry: 'US' };

function card(load: () => Promise<CallDestinations> = async () => home, save?: (countries: string[]) => Promise<CallDestinations>) {
  const calls = {
    load: vi.fn(load),
    save: vi.fn(save ?? (async (countries: string[]) => ({ countries, homeCountry: 'US' }))),
    notices: [] as { type: string; message: string | undefined }[],
  };
  const actor = createActor(
    callDestinationsMachine.provide({
      actors: {
        callDestinationsLoader: fromPromise(() => calls.load()),
        callDestinationsSaver: fromPromise(({ input }) => calls.save(input)),
      },
      actions: {
        showNotice: (_, params: { type: string; message: MessageDescriptor }) => {
          calls.notices.push({ type: params.type, message: english(params.message) });
        },
      },
    }),
  ).start();
  return { actor, calls };
}

describe('call destinations card', () => {
  it('loads the countries, and fails with Try again, which loads again', async () => {
    let attempts = 0;
    const { actor } = card(async () => {
      attempts += 1;
      if (attempts === 1) throw { status: 0 };
      return home;
    });
    await flushPromises();
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.retry' });
    await flushPromises();
    expect(actor.getSnapshot().context.selected).toEqual(['US']);
  });

  it('ticks and unticks countries, saves a changed selection and shows what the server answered', async () => {
    const { actor, calls } = card();
    await flushPromises();
    expect(canSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.toggle', country: 'GB' });
    actor.send({ type: 'user.toggle', country: 'CA' });
    expect(actor.getSnapshot().context.selected).toEqual(['CA', 'GB', 'US']);
    actor.send({ type: 'user.toggle', country: 'CA' });
    expect(isChanged(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.save' });
    expect(isSaving(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.save).toHaveBeenCalledWith(['GB', 'US']);
    expect(actor.getSnapshot().context.saved?.countries).toEqual(['GB', 'US']);
    expect(isChanged(actor.getSnapshot())).toBe(false);
    expect(calls.notices).toEqual([{ type: 'success', message: 'The call destinations are saved.' }]);
  });

  it('never saves an empty selection; Reset goes back to the saved countries', async () => {
    const { actor, calls } = card();
    await flushPromises();
    actor.send({ type: 'user.toggle', country: 'US' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'user.save' });
    expect(calls.save).not.toHaveBeenCalled();
    actor.send({ type: 'user.reset' });
    expect(actor.getSnapshot().context.selected).toEqual(['US']);
  });

  it('keeps the selection when the save fails', async () => {
    const { actor, calls } = card(undefined, async () => {
      throw { status: 500 };
    });
    await flushPromises();
    actor.send({ type: 'user.toggle', country: 'FR' });
    actor.send({ type: 'user.save' });
    await flushPromises();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.selected).toEqual(['FR', 'US']);
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to save the call destinations.' }]);
  });
});

describe('call destinations: generated paths', () => {
  const paths = generatePaths(callDestinationsMachine, {
    events: [
      { type: 'user.toggle', country: 'GB' },
      { type: 'user.save' },
      { type: 'user.reset' },
      { type: 'user.retry' },
      { type: 'xstate.done.actor.callDestinationsLoader', output: home },
      { type: 'xstate.error.actor.callDestinationsLoader', error: { status: 0 } },
      { type: 'xstate.done.actor.callDestinationsSaver', output: { countries: ['GB', 'US'], homeCountry: 'US' } },
      { type: 'xstate.error.actor.callDestinationsSaver', error: { status: 500 } },
    ],
    contextKey: (s) => s.context.selected.join(','),
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(callDestinationsMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(callDestinationsMachine.provide({ actors: { callDestinationsLoader: stalled(), callDestinationsSaver: stalled() } })).start();
    replayPath(path, actor, (snapshot) => {
      // The selection is always in alphabetical order, without repeats.
      const selected = snapshot.context.selected;
      expect(selected).toEqual([...new Set(selected)].sort());
    });
    actor.stop();
  });
});
