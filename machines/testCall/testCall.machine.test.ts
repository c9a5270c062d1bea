import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { flushPromises } from '../test/clock.ts';
import { english } from '../test/messages.ts';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { refusalOf, testCallMachine } from './testCall.machine.ts';
import { testCallRefusalMessage, testCallRefusalMessages } from './testCall.messages.ts';
import { allowance, isLoadingAllowance, isOpen, isPlacing, noCallsLeft, phoneError, phoneValue, placedCall, refusal, testCallWidget } from './testCall.selectors.ts';
import type { TestCallAccepted, TestCallAllowance, TestCallRefusal } from './testCall.types.ts';

const widget = { id: 7, name: 'Widget on the shop' };
const fiveLeft: TestCallAllowance = { limit: 5, remaining: 5, nextAt: null };
const noneLeft: TestCallAllowance = { limit: 5, remaining: 0, nextAt: '2026-11-29T09:30:00.000Z' };
const accepted: TestCallAccepted = { id: 41, convertId: 'CNV-1', phone: '+15005550004', allowance: { limit: 5, remaining: 4, nextAt: null } };

interface Fakes {
  load?: () => Promise<TestCallAllowance>;
  place?: (input: { widgetId: number; phone: string }) => Promise<TestCallAccepted>;
}

function testCall({ load = async () => fiveLeft, place = async () => accepted }: Fakes = {}) {
  const calls = { load: vi.fn(load), place: vi.fn(place) };
  const actor = createActor(
    testCallMachine.provide({
      actors: {
        allowanceLoader: fromPromise(() => calls.load()),
        callPlacer: fromPromise(({ input }) => calls.place(input)),
      },
    }),
  ).start();
  return { actor, calls };
}

const refused = (status: number, code?: string, nextAt?: string) => async () => {
  throw { status, ...(code ? { code } : {}), ...(nextAt ? { nextAt } : {}) };
};

describe('Test call: opening', () => {
  it('starts closed, and opens for a widget with the account’s phone while it asks how many are left', async () => {
    const { actor, calls } = testCall();
    expect(isOpen(actor.getSnapshot())).toBe(false);
    expect(calls.load).not.toHaveBeenCalled();
    actor.send({ type: 'user.open', widget, phone: '+12015550123' });
    expect(isOpen(actor.getSnapshot())).toBe(true);
    expect(testCallWidget(actor.getSnapshot())).toEqual(widget);
    expect(phoneValue(actor.getSnapshot())).toBe('+12015550123');
    expect(isLoadingAllowance(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(allowance(actor.getSnapshot())).toEqual(fiveLeft);
    expect(isLoadingAllowance(actor.getSnapshot())).toBe(false);
  });

  it('stays usable when the allowance cannot be read: the server holds the limit', async () => {
    const { actor, calls } = testCall({ load: refused(0) });
    actor.send({ type: 'user.open', widget, phone: '+12015550123' });
    await flushPromises();
    expect(allowance(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.submit' });
    expect(isPlacing(actor.getSnapshot())).toBe(true);
    await flushPromises();
    expect(calls.place).toHaveBeenCalledTimes(1);
  });

  it('starts afresh on every opening', async () => {
    const { actor, calls } = testCall({ place: refused(422, 'number_blocked') });
    actor.send({ type: 'user.open', widget, phone: '+12015550123' });
    await flushPromises();
    actor.send({ type: 'user.changePhone', phone: '+15005550004' });
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(refusal(actor.getSnapshot())?.reason).toBe('numberBlocked');
    actor.send({ type: 'user.close' });
    expect(isOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.open', widget: { id: 8, name: 'Other' }, phone: '+12015550123' });
    expect(refusal(actor.getSnapshot())).toBeNull();
    expect(phoneValue(actor.getSnapshot())).toBe('+12015550123');
    expect(allowance(actor.getSnapshot())).toBeNull();
    expect(calls.load).toHaveBeenCalledTimes(2);
  });
});

describe('Test call: placing', () => {
  it('needs a number; the message goes once one is typed', async () => {
    const { actor, calls } = testCall();
    actor.send({ type: 'user.open', widget, phone: '' });
    await flushPromises();
    actor.send({ type: 'user.submit' });
    expect(english(phoneError(actor.getSnapshot()))).toBe('Enter the number to call.');
    expect(calls.place).not.toHaveBeenCalled();
    actor.send({ type: 'user.changePhone', phone: '+15005550004' });
    expect(phoneError(actor.getSnapshot())).toBeUndefined();
  });

  it('places the call through the widget to the trimmed number, and shows it with the allowance after it', async () => {
    let answer: () => void = () => {};
    const { actor, calls } = testCall({ place: () => new Promise((resolve) => (answer = () => resolve(accepted))) });
    actor.send({ type: 'user.open', widget, phone: '+12015550123' });
    // Typed before the allowance came: kept.
    actor.send({ type: 'user.changePhone', phone: ' +15005550004 ' });
    await flushPromises();
    actor.send({ type: 'user.submit' });
    expect(isPlacing(actor.getSnapshot())).toBe(true);
    // The dialog waits for the answer: closing and submitting again do nothing.
    actor.send({ type: 'user.close' });
    actor.send({ type: 'user.submit' });
    expect(isPlacing(actor.getSnapshot())).toBe(true);
    answer();
    await flushPromises();
    expect(calls.place).toHaveBeenCalledTimes(1);
    expect(calls.place).toHaveBeenCalledWith({ widgetId: 7, phone: '+15005550004' });
    expect(placedCall(actor.getSnapshot())).toEqual(accepted);
    expect(allowance(actor.getSnapshot())).toEqual(accepted.allowance);
    actor.send({ type: 'user.close' });
    expect(isOpen(actor.getSnapshot())).toBe(false);
  });

  it('does not place a call when none is left', async () => {
    const { actor, calls } = testCall({ load: async () => noneLeft });
    actor.send({ type: 'user.open', widget, phone: '+12015550123' });
    await flushPromises();
    expect(noCallsLeft(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.submit' });
    expect(isPlacing(actor.getSnapshot())).toBe(false);
    expect(calls.place).not.toHaveBeenCalled();
  });

  it('on 429 says when the next is possible, and counts none left until then', async () => {
    const { actor, calls } = testCall({ place: refused(429, 'test_call_limit', noneLeft.nextAt!) });
    actor.send({ type: 'user.open', widget, phone: '+12015550123' });
    await flushPromises();
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(refusal(actor.getSnapshot())).toEqual({ reason: 'limitReached', nextAt: noneLeft.nextAt });
    expect(allowance(actor.getSnapshot())).toEqual(noneLeft);
    actor.send({ type: 'user.submit' });
    expect(calls.place).toHaveBeenCalledTimes(1);
  });

  it('keeps the number after any other refusal, and a new attempt forgets the refusal', async () => {
    const answers = [refused(409, 'outside_working_hours'), async () => accepted];
    const { actor } = testCall({ place: () => answers.shift()!() });
    actor.send({ type: 'user.open', widget, phone: '+12015550123' });
    await flushPromises();
    actor.send({ type: 'user.submit' });
    await flushPromises();
    expect(refusal(actor.getSnapshot())?.reason).toBe('outsideWorkingHours');
    expect(phoneValue(actor.getSnapshot())).toBe('+12015550123');
    expect(allowance(actor.getSnapshot())).toEqual(fiveLeft);
    actor.send({ type: 'user.submit' });
    expect(refusal(actor.getSnapshot())).toBeNull();
    await flushPromises();
    expect(placedCall(actor.getSnapshot())).toEqual(accepted);
  });
});

describe('Test call: refusals in the user’s words', () => {
  it('names every answer of the contract by its code, and falls back on the status', () => {
    const cases: [unknown, TestCallRefusal][] = [
      [{ status: 400, code: 'invalid_request' }, 'invalidNumber'],
      [{ status: 403, code: 'email_not_verified' }, 'emailNotVerified'],
      [{ status: 403, code: 'api_key_not_allowed' }, 'apiKeyNotAllowed'],
      [{ status: 404, code: 'not_found' }, 'widgetNotFound'],
      [{ status: 409, code: 'widget_inactive' }, 'widgetInactive'],
      [{ status: 409, code: 'outside_working_hours' }, 'outsideWorkingHours'],
      [{ status: 422, code: 'number_not_allowed' }, 'numberNotAllowed'],
      [{ status: 422, code: 'country_not_allowed' }, 'countryNotAllowed'],
      [{ status: 422, code: 'number_blocked' }, 'numberBlocked'],
      [{ status: 429, code: 'test_call_limit' }, 'limitReached'],
      [{ status: 429 }, 'limitReached'],
      [{ status: 500, code: 'internal' }, 'failed'],
      [{ status: 0 }, 'failed'],
      [new Error('offline'), 'failed'],
    ];
    for (const [error, reason] of cases) expect(refusalOf(error).reason, JSON.stringify(error)).toBe(reason);
  });

  it('says each in its own words; the limit with the time when known', () => {
    expect(new Set(Object.values(testCallRefusalMessages).map((message) => english(message))).size).toBe(Object.keys(testCallRefusalMessages).length);
    expect(english(testCallRefusalMessage('limitReached', '11/29/2026, 9:30 AM'))).toBe("You have placed all the test calls allowed in 24 hours. The next is possible from 11/29/2026, 9:30 AM.");
    expect(english(testCallRefusalMessage('limitReached', null))).toBe("You have placed all the test calls allowed in 24 hours.");
    expect(english(testCallRefusalMessage('numberBlocked', null))).toBe('This number is on your block list: remove it there to call it.');
  });
});

describe('Test call: generated paths', () => {
  const paths = generatePaths(testCallMachine, {
    events: [
      { type: 'user.open', widget, phone: '+12015550123' },
      { type: 'user.close' },
      { type: 'user.changePhone', phone: '' },
      { type: 'user.changePhone', phone: '+15005550004' },
      { type: 'user.submit' },
      { type: 'xstate.done.actor.allowanceLoader', output: fiveLeft },
      { type: 'xstate.done.actor.allowanceLoader', output: noneLeft },
      { type: 'xstate.error.actor.allowanceLoader', error: { status: 0 } },
      { type: 'xstate.done.actor.callPlacer', output: accepted },
      { type: 'xstate.error.actor.callPlacer', error: { status: 429, code: 'test_call_limit', nextAt: noneLeft.nextAt } },
      { type: 'xstate.error.actor.callPlacer', error: { status: 422, code: 'number_blocked' } },
    ],
    contextKey: (s) => {
      const { phone, phoneMissing, allowance: known, refusal: refused } = s.context as { phone: string; phoneMissing: boolean; allowance: TestCallAllowance | null; refusal: { reason: string } | null };
      return `${phone}|${phoneMissing}|${known?.remaining ?? '-'}|${refused?.reason ?? '-'}`;
    },
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(testCallMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(testCallMachine.provide({ actors: { allowanceLoader: stalled(), callPlacer: stalled() } })).start();
    replayPath(path, actor, (snapshot) => {
      const { widget: shown, placed, refusal: refused, phone, allowance: known } = snapshot.context;
      // Closed holds nothing of the last opening.
      if (snapshot.matches('closed')) expect(snapshot.context).toEqual({ widget: null, phone: '', phoneMissing: false, allowance: null, placed: null, refusal: null });
      else expect(shown).toEqual(widget);
      // A call is placed only with a number and a test call left (or not known).
      if (snapshot.matches({ open: 'placing' })) {
        expect(phone.trim()).not.toBe('');
        expect(known === null || known.remaining > 0).toBe(true);
      }
      // A status shows only for an accepted call; a refusal only beside the form.
      if (placed !== null) expect(snapshot.matches({ open: 'placed' })).toBe(true);
      if (refused !== null) expect(snapshot.matches({ open: 'editing' })).toBe(true);
      // The limit refused: none left.
      if (refused?.reason === 'limitReached') expect(known?.remaining).toBe(0);
    });
    actor.stop();
  });
});
