import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import type { WebhookDelivery } from '../webhookEndpoints/webhookEndpoints.types.ts';
import { webhookDeliveriesMachine } from './webhookDeliveries.machine.ts';
import { hasFailed, isFirstLoad, isRefreshing, shownDeliveries } from './webhookDeliveries.selectors.ts';

const pending: WebhookDelivery = {
  id: 11,
  eventId: 'evt_11',
  eventType: 'call.requested',
  status: 'pending',
  attempts: 1,
  responseCode: 503,
  durationMs: 120,
  error: null,
  errorCode: 'http_status',
  createdAt: '2026-11-24T10:00:00Z',
  lastAttemptAt: '2026-11-24T10:00:01Z',
  nextRetryAt: '2026-11-24T10:00:31Z',
};
const succeeded: WebhookDelivery = { ...pending, status: 'succeeded', attempts: 2, responseCode: 200, error: null, errorCode: null, nextRetryAt: null };

function deliveries(load: (endpointId: number) => Promise<WebhookDelivery[]>) {
  const calls = { load: vi.fn(load) };
  const actor = createActor(webhookDeliveriesMachine.provide({ actors: { deliveriesLoader: fromPromise(({ input }) => calls.load(input)) } }), {
    input: { endpointId: 7 },
  }).start();
  return { actor, calls };
}

describe('webhook deliveries', () => {
  it('loads the endpoint’s deliveries; Refresh keeps them shown until the new ones arrive', async () => {
    const answers = [[pending], [succeeded]];
    let release: () => void = () => {};
    const { actor, calls } = deliveries(async () => {
      const answer = answers.shift()!;
      if (answers.length === 0) await new Promise<void>((resolve) => (release = resolve));
      return answer;
    });
    expect(isFirstLoad(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.load).toHaveBeenCalledWith(7);
    expect(shownDeliveries(actor.getSnapshot())).toEqual([pending]);
    actor.send({ type: 'user.refresh' });
    expect(isRefreshing(actor.getSnapshot())).toBe(true);
    expect(isFirstLoad(actor.getSnapshot())).toBe(false);
    expect(shownDeliveries(actor.getSnapshot())).toEqual([pending]);
    release();
    await flushPromises();
    expect(shownDeliveries(actor.getSnapshot())).toEqual([succeeded]);
    expect(isRefreshing(actor.getSnapshot())).toBe(false);
  });

  it('says when they fail to load, and Refresh tries again', async () => {
    let fail = true;
    const { actor } = deliveries(async () => {
      if (fail) throw { status: 0 };
      return [succeeded];
    });
    await flushPromises();
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    expect(shownDeliveries(actor.getSnapshot())).toEqual([]);
    fail = false;
    actor.send({ type: 'user.refresh' });
    await flushPromises();
    expect(shownDeliveries(actor.getSnapshot())).toEqual([succeeded]);
  });
});

describe('webhook deliveries: generated paths', () => {
  const paths = generatePaths(webhookDeliveriesMachine, {
    input: { endpointId: 7 },
    events: [
      { type: 'user.refresh' },
      { type: 'xstate.done.actor.deliveriesLoader', output: [succeeded] },
      { type: 'xstate.error.actor.deliveriesLoader', error: { status: 0 } },
    ],
    contextKey: (s) => String(s.context.loaded),
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(webhookDeliveriesMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(webhookDeliveriesMachine.provide({ actors: { deliveriesLoader: stalled() } }), { input: { endpointId: 7 } }).start();
    replayPath(path, actor, (snapshot) => {
      // Placeholders only before the first list; afterwards a load is a refresh.
      expect(isFirstLoad(snapshot as never)).toBe(snapshot.matches('loading') && !snapshot.context.loaded);
    });
    actor.stop();
  });
});
