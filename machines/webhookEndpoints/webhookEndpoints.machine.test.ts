import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { webhookEndpointsMachine, type EndpointSwitch } from './webhookEndpoints.machine.ts';
import { deleteTarget, deliveriesOf, endpointHealth, hasFailed, isBusy, isDeleting, shownActive, switchingId, testingId } from './webhookEndpoints.selectors.ts';
import { webhookEventTypes, type UnlistedEventTypes, type WebhookEndpoint } from './webhookEndpoints.types.ts';

const crm: WebhookEndpoint = {
  id: 3,
  url: 'https://crm.example.com/hooks',
  events: ['call.requested'],
  isActive: true,
  secretHint: 'whsec_…x7Qa',
  failingSince: null,
  switchedOffAt: null,
  createdAt: '2026-11-20T10:00:00Z',
};
const pager: WebhookEndpoint = { ...crm, id: 4, url: 'https://pager.example.com/in', events: ['call.missed'], isActive: false };

interface Fakes {
  load?: () => Promise<WebhookEndpoint[]>;
  test?: (endpoint: WebhookEndpoint) => Promise<unknown>;
  switchTo?: (change: EndpointSwitch) => Promise<WebhookEndpoint>;
  remove?: (endpoint: WebhookEndpoint) => Promise<void>;
}

function endpoints({ load = async () => [crm, pager], test, switchTo, remove }: Fakes = {}) {
  const calls = {
    load: vi.fn(load),
    test: vi.fn(test ?? (async () => ({ eventId: 'evt_1' }))),
    switchTo: vi.fn(switchTo ?? (async ({ endpoint, isActive }: EndpointSwitch) => ({ ...endpoint, isActive, failingSince: null, switchedOffAt: null }))),
    remove: vi.fn(remove ?? (async () => undefined)),
    notices: [] as { type: string; message: string | undefined }[],
  };
  const actor = createActor(
    webhookEndpointsMachine.provide({
      actors: {
        endpointsLoader: fromPromise(() => calls.load()),
        testEventRequest: fromPromise(({ input }) => calls.test(input)),
        switchRequest: fromPromise(({ input }) => calls.switchTo(input)),
        deleteRequest: fromPromise(({ input }) => calls.remove(input)),
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

const failing = async () => {
  throw { status: 500 };
};

describe('webhook endpoints: loading', () => {
  it('lists the endpoints as the server answers them', async () => {
    const { actor } = endpoints();
    await flushPromises();
    expect(actor.getSnapshot().context.endpoints).toEqual([crm, pager]);
  });

  it('fails with Try again, which loads again', async () => {
    let attempts = 0;
    const { actor, calls } = endpoints({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw { status: 0 };
        return [crm];
      },
    });
    await flushPromises();
    expect(hasFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.retry' });
    await flushPromises();
    expect(calls.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.endpoints).toEqual([crm]);
  });
});

describe('webhook endpoints: actions', () => {
  it('queues a test event and says so', async () => {
    const { actor, calls } = endpoints({ test: () => new Promise(() => {}) });
    await flushPromises();
    actor.send({ type: 'user.sendTest', endpoint: pager });
    expect(testingId(actor.getSnapshot())).toBe(pager.id);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    expect(calls.test).toHaveBeenCalledWith(pager);
    // One request at a time.
    actor.send({ type: 'user.requestDelete', endpoint: crm });
    expect(deleteTarget(actor.getSnapshot())).toBeNull();

    const ok = endpoints();
    await flushPromises();
    ok.actor.send({ type: 'user.sendTest', endpoint: crm });
    await flushPromises();
    expect(testingId(ok.actor.getSnapshot())).toBeNull();
    expect(ok.calls.notices).toEqual([{ type: 'success', message: 'Test event queued' }]);
  });

  it('says when the test event could not be queued', async () => {
    const { actor, calls } = endpoints({ test: failing });
    await flushPromises();
    actor.send({ type: 'user.sendTest', endpoint: crm });
    await flushPromises();
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to send the test event.' }]);
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it('says when the endpoint already has its test events waiting', async () => {
    const { actor, calls } = endpoints({
      test: async () => {
        throw { status: 409, code: 'test_events_pending' };
      },
    });
    await flushPromises();
    actor.send({ type: 'user.sendTest', endpoint: crm });
    await flushPromises();
    expect(calls.notices).toEqual([{ type: 'error', message: 'This endpoint already has 5 test events waiting to be delivered.' }]);
  });

  it('drops an endpoint deleted elsewhere (404) instead of keeping a row every action fails on; deleting it again is done', async () => {
    const gone = async () => {
      throw { status: 404, code: 'not_found' };
    };
    const switched = endpoints({ switchTo: gone });
    await flushPromises();
    switched.actor.send({ type: 'user.switch', endpoint: crm, isActive: false });
    await flushPromises();
    expect(switched.actor.getSnapshot().context.endpoints).toEqual([pager]);
    expect(switched.calls.notices).toEqual([{ type: 'error', message: 'This endpoint no longer exists: it was deleted elsewhere.' }]);
    const deleted = endpoints({ remove: gone });
    await flushPromises();
    deleted.actor.send({ type: 'user.requestDelete', endpoint: crm });
    deleted.actor.send({ type: 'user.confirmDelete' });
    await flushPromises();
    expect(deleted.actor.getSnapshot().context.endpoints).toEqual([pager]);
    expect(deleted.calls.notices).toEqual([{ type: 'success', message: 'The endpoint is deleted.' }]);
  });

  it('switches an endpoint: the asked-for state at once, then the server’s answer', async () => {
    let answer: (endpoint: WebhookEndpoint) => void = () => {};
    const { actor, calls } = endpoints({ switchTo: () => new Promise((resolve) => (answer = resolve)) });
    await flushPromises();
    actor.send({ type: 'user.switch', endpoint: pager, isActive: true });
    expect(switchingId(actor.getSnapshot())).toBe(pager.id);
    expect(shownActive(actor.getSnapshot(), pager)).toBe(true);
    expect(shownActive(actor.getSnapshot(), crm)).toBe(true);
    expect(calls.switchTo).toHaveBeenCalledWith({ endpoint: pager, isActive: true });
    answer({ ...pager, isActive: true });
    await flushPromises();
    expect(actor.getSnapshot().context.endpoints).toEqual([crm, { ...pager, isActive: true }]);
    expect(calls.notices).toEqual([{ type: 'success', message: 'The endpoint is on: events are delivered to it.' }]);
    actor.send({ type: 'user.switch', endpoint: crm, isActive: false });
    answer({ ...crm, isActive: false });
    await flushPromises();
    expect(calls.notices.at(-1)?.message).toBe('The endpoint is off: no events are delivered to it.');
  });

  it('rolls the switch back when the change fails, and ignores a switch to the state it has', async () => {
    const { actor, calls } = endpoints({ switchTo: failing });
    await flushPromises();
    actor.send({ type: 'user.switch', endpoint: crm, isActive: true });
    expect(switchingId(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.switch', endpoint: crm, isActive: false });
    await flushPromises();
    expect(shownActive(actor.getSnapshot(), crm)).toBe(true);
    expect(actor.getSnapshot().context.endpoints).toEqual([crm, pager]);
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to change the endpoint.' }]);
  });

  it('asks before deleting; cancelling sends nothing', async () => {
    const { actor, calls } = endpoints();
    await flushPromises();
    actor.send({ type: 'user.requestDelete', endpoint: crm });
    expect(deleteTarget(actor.getSnapshot())).toEqual(crm);
    expect(isBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.cancelDelete' });
    expect(deleteTarget(actor.getSnapshot())).toBeNull();
    expect(calls.remove).not.toHaveBeenCalled();
  });

  it('deletes once confirmed: the endpoint and its open deliveries go', async () => {
    const { actor, calls } = endpoints();
    await flushPromises();
    actor.send({ type: 'user.toggleDeliveries', endpoint: crm });
    expect(deliveriesOf(actor.getSnapshot())).toBe(crm.id);
    actor.send({ type: 'user.requestDelete', endpoint: crm });
    actor.send({ type: 'user.confirmDelete' });
    expect(isDeleting(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.remove).toHaveBeenCalledWith(crm);
    expect(actor.getSnapshot().context.endpoints).toEqual([pager]);
    expect(deliveriesOf(actor.getSnapshot())).toBeNull();
    expect(calls.notices).toEqual([{ type: 'success', message: 'The endpoint is deleted.' }]);
  });

  it('keeps the endpoint when the deletion fails, and other deliveries stay open', async () => {
    const { actor, calls } = endpoints({ remove: failing });
    await flushPromises();
    actor.send({ type: 'user.toggleDeliveries', endpoint: pager });
    actor.send({ type: 'user.requestDelete', endpoint: crm });
    actor.send({ type: 'user.confirmDelete' });
    await flushPromises();
    expect(actor.getSnapshot().context.endpoints).toEqual([crm, pager]);
    expect(deliveriesOf(actor.getSnapshot())).toBe(pager.id);
    expect(deleteTarget(actor.getSnapshot())).toBeNull();
    expect(calls.notices).toEqual([{ type: 'error', message: 'Failed to delete the endpoint.' }]);
  });

  it('shows one endpoint’s deliveries at a time; the same button hides them', () => {
    const [loaded] = transition(webhookEndpointsMachine, initialTransition(webhookEndpointsMachine)[0], {
      type: 'xstate.done.actor.endpointsLoader',
      output: [crm, pager],
      actorId: 'endpointsLoader',
    });
    const [crmOpen] = transition(webhookEndpointsMachine, loaded, { type: 'user.toggleDeliveries', endpoint: crm });
    const [pagerOpen] = transition(webhookEndpointsMachine, crmOpen, { type: 'user.toggleDeliveries', endpoint: pager });
    const [closed] = transition(webhookEndpointsMachine, pagerOpen, { type: 'user.toggleDeliveries', endpoint: pager });
    expect([crmOpen, pagerOpen, closed].map(deliveriesOf)).toEqual([crm.id, pager.id, null]);
  });

  it('adds the endpoint the form created at the end, once', async () => {
    const { actor } = endpoints();
    await flushPromises();
    const created = { ...crm, id: 9, url: 'https://new.example.com/hook' };
    actor.send({ type: 'form.created', endpoint: created });
    actor.send({ type: 'form.created', endpoint: created });
    expect(actor.getSnapshot().context.endpoints).toEqual([crm, pager, created]);
  });
});

describe('webhookEventTypes', () => {
  it('lists every event of the contract, once', () => {
    // Does not compile when the contract names an event the list lacks.
    const complete: [UnlistedEventTypes] extends [never] ? true : false = true;
    expect(complete).toBe(true);
    expect(new Set(webhookEventTypes).size).toBe(7);
  });
});

describe('endpointHealth', () => {
  it('says whether an endpoint delivers, is off, was switched off for failing, or is failing', () => {
    expect(endpointHealth(crm)).toEqual({ state: 'active' });
    expect(endpointHealth(pager)).toEqual({ state: 'off' });
    expect(endpointHealth({ ...crm, failingSince: '2026-11-21T08:00:00Z' })).toEqual({ state: 'failing', since: '2026-11-21T08:00:00Z' });
    expect(endpointHealth({ ...pager, failingSince: '2026-11-18T08:00:00Z', switchedOffAt: '2026-11-21T08:00:00Z' })).toEqual({
      state: 'switchedOff',
      since: '2026-11-21T08:00:00Z',
    });
  });
});

describe('webhook endpoints: generated paths', () => {
  const paths = generatePaths(webhookEndpointsMachine, {
    events: [
      { type: 'user.retry' },
      { type: 'user.sendTest', endpoint: crm },
      { type: 'user.switch', endpoint: crm, isActive: false },
      { type: 'user.requestDelete', endpoint: crm },
      { type: 'user.confirmDelete' },
      { type: 'user.cancelDelete' },
      { type: 'user.toggleDeliveries', endpoint: crm },
      { type: 'form.created', endpoint: pager },
      { type: 'xstate.done.actor.endpointsLoader', output: [crm] },
      { type: 'xstate.error.actor.endpointsLoader', error: { status: 0 } },
      { type: 'xstate.done.actor.testEventRequest', output: { eventId: 'evt_1' } },
      { type: 'xstate.error.actor.testEventRequest', error: { status: 500 } },
      { type: 'xstate.error.actor.testEventRequest', error: { status: 409, code: 'test_events_pending' } },
      { type: 'xstate.error.actor.testEventRequest', error: { status: 404, code: 'not_found' } },
      { type: 'xstate.error.actor.switchRequest', error: { status: 404, code: 'not_found' } },
      { type: 'xstate.error.actor.deleteRequest', error: { status: 404, code: 'not_found' } },
      { type: 'xstate.done.actor.switchRequest', output: { ...crm, isActive: false } },
      { type: 'xstate.error.actor.switchRequest', error: { status: 500 } },
      { type: 'xstate.done.actor.deleteRequest', output: undefined },
      { type: 'xstate.error.actor.deleteRequest', error: { status: 500 } },
    ],
    contextKey: (s) => `${s.context.endpoints.map((endpoint: WebhookEndpoint) => `${endpoint.id}${endpoint.isActive ? '+' : '-'}`).join(',')}|${s.context.target?.id ?? '-'}|${s.context.deliveriesOf ?? '-'}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(webhookEndpointsMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(
      webhookEndpointsMachine.provide({
        actors: { endpointsLoader: stalled(), testEventRequest: stalled(), switchRequest: stalled(), deleteRequest: stalled() },
      }),
    ).start();
    replayPath(path, actor, (snapshot) => {
      // An endpoint is held exactly while its action is asked for or sent, and a switch only while sent.
      const acting = snapshot.matches('ready') && !snapshot.matches({ ready: 'idle' });
      expect(snapshot.context.target !== null).toBe(acting);
      expect(snapshot.context.switchTo !== null).toBe(snapshot.matches({ ready: 'switching' }));
      // Deliveries are shown only of a listed endpoint.
      const open = snapshot.context.deliveriesOf;
      if (open !== null) expect(snapshot.context.endpoints.some((endpoint: WebhookEndpoint) => endpoint.id === open)).toBe(true);
    });
    actor.stop();
  });
});
