import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { expectFullCoverage, generatePaths, replayPath, stalled } from '../test/pathCoverage.ts';
import { english } from '../test/messages.ts';
import { flushPromises } from '../test/clock.ts';
import { creditsMachine } from './credits.machine.ts';
import { creditBalance, creditBanner, creditBannerOf, creditForecastNoticeOf, isOverdraftReached, toolboxGate } from './credits.selectors.ts';
import type { CreditsRecord } from './credits.types.ts';

const record = (over: Partial<CreditsRecord> = {}): CreditsRecord => ({
  credits: 17,
  overdraft: 0,
  autoRecharge: null,
  minMonthlySpendingRequirement: 0,
  forecast: { state: 'notEnoughHistory' },
  ...over,
});
const auto = { packId: 3, criticalCredits: 10, paymentMethodId: 'pm_1' };

function running(loader: () => Promise<CreditsRecord>) {
  const creditsLoader = vi.fn(loader);
  const notices: string[] = [];
  const actor = createActor(
    creditsMachine.provide({
      actors: { creditsLoader: fromPromise(() => creditsLoader()) },
      actions: { showNotice: (_, { message }) => void notices.push(english(message) ?? '') },
    }),
  ).start();
  return { actor, creditsLoader, notices };
}

describe('credit banner (spec §4)', () => {
  const text = (r: CreditsRecord, hasWidgets = true) => {
    const banner = creditBannerOf(r, hasWidgets);
    return banner && { status: banner.status, message: english(banner.message), link: english(banner.link) };
  };

  it('is hidden without widgets or before load', () => {
    expect(creditBannerOf(record({ credits: 0 }), false)).toBeNull();
    expect(creditBannerOf(null, true)).toBeNull();
  });

  it('warns that widgets are disabled with no credits and no overdraft', () => {
    for (const autoRecharge of [null, auto]) {
      expect(text(record({ credits: 0, overdraft: 0, autoRecharge }))).toEqual({
        status: 'warning',
        message: "Your widgets are disabled since you don't have any credits.",
        link: 'Buy credits',
      });
    }
  });

  it('shows the overdraft error, with "Pay your bill." when auto-recharge is set', () => {
    expect(text(record({ credits: -50, overdraft: -50 }))).toEqual({
      status: 'error',
      message: 'Your conversion toolbox is disabled due to an unpaid bill.',
      link: 'Please, pay your bill to regain access to the conversion toolbox.',
    });
    expect(text(record({ credits: -50, overdraft: -50, autoRecharge: auto }))).toEqual({
      status: 'error',
      message: 'Your conversion toolbox is disabled due to an unpaid bill.',
      link: 'Pay your bill.',
    });
  });

  it('warns when credits fell below 1 but the overdraft is not reached', () => {
    for (const autoRecharge of [null, auto]) {
      for (const credits of [0, -10]) {
        expect(text(record({ credits, overdraft: -50, autoRecharge }))).toEqual({
          status: 'warning',
          message: 'You ran out of your credits. Please, recharge your balance.',
          link: 'Buy credits',
        });
      }
    }
  });

  it('informs with the balance below the auto-recharge threshold', () => {
    expect(text(record({ credits: 9, autoRecharge: auto }))).toEqual({
      status: 'info',
      message: 'Your credits are running low: 9 credits.',
      link: 'Buy more credits.',
    });
    expect(text(record({ credits: 10, autoRecharge: auto }))).toBeNull();
    expect(text(record({ credits: 1 }))).toBeNull();
  });

  it('warns when the forecast runs out within 3 days and auto-recharge is off (issue 20)', () => {
    const soon = { state: 'runsOutOn', runsOutOn: '2031-03-12', daysLeft: 2.5, creditsPerDay: 4 } as const;
    expect(creditBannerOf(record({ credits: 10, forecast: soon }), true)).toMatchObject({ status: 'warning', day: '2031-03-12', link: { id: expect.any(String) } });
    // The day stays a placeholder for the view, which writes it in the reader's language.
    expect(text(record({ credits: 10, forecast: soon }))).toEqual({
      status: 'warning',
      message: "At the last 30 days' pace, your credits run out on 2031-03-12.",
      link: 'Buy credits or turn on auto-recharge.',
    });
    expect(text(record({ credits: 10, forecast: { ...soon, daysLeft: 3.01 } }))).toBeNull();
    expect(text(record({ credits: 50, autoRecharge: auto, forecast: soon }))).toBeNull();
    expect(text(record({ credits: 10, forecast: soon }), false)).toBeNull();
    // The spec's own rules come first.
    expect(text(record({ credits: 0, overdraft: -50, forecast: { ...soon, daysLeft: 0 } }))?.message).toBe('You ran out of your credits. Please, recharge your balance.');
  });

  it('tells when the overdraft is reached', () => {
    const [idle] = initialTransition(creditsMachine);
    const [signedIn] = transition(creditsMachine, idle, { type: 'auth.signedIn' });
    const [reached] = transition(creditsMachine, signedIn, { type: 'credits.replaced', record: record({ credits: -5, overdraft: -5 }) });
    expect(isOverdraftReached(reached)).toBe(true);
    const [paid] = transition(creditsMachine, reached, { type: 'credits.added', amount: 100 });
    expect(isOverdraftReached(paid)).toBe(false);
    expect(creditBalance(paid)).toBe(95);
  });

  it('closes the conversion toolbox at the overdraft, widgets or not, with the banner\'s message and link (spec §6)', () => {
    const [idle] = initialTransition(creditsMachine);
    const [signedIn] = transition(creditsMachine, idle, { type: 'auth.signedIn' });
    const gate = (r: CreditsRecord) => {
      const notice = toolboxGate(transition(creditsMachine, signedIn, { type: 'credits.replaced', record: r })[0]);
      return notice && { message: english(notice.message), link: english(notice.link) };
    };
    expect(toolboxGate(signedIn)).toBeNull();
    expect(gate(record({ credits: -50, overdraft: -50 }))).toEqual({
      message: 'Your conversion toolbox is disabled due to an unpaid bill.',
      link: 'Please, pay your bill to regain access to the conversion toolbox.',
    });
    expect(gate(record({ credits: -50, overdraft: -50, autoRecharge: auto }))?.link).toBe('Pay your bill.');
    // No overdraft, or not yet reached: the toolbox stays open (the banner warns instead).
    expect(gate(record({ credits: 0, overdraft: 0 }))).toBeNull();
    expect(gate(record({ credits: -49, overdraft: -50 }))).toBeNull();
    expect(gate(record({ credits: 5, overdraft: -50 }))).toBeNull();
  });
});

describe('Billing\'s forecast sentence (issue 20)', () => {
  const sentence = (r: CreditsRecord | null) => {
    const notice = creditForecastNoticeOf(r);
    return notice && { text: english(notice.message), day: notice.day, soon: notice.soon };
  };

  it('names the day the credits last until, and whether that is within 3 days', () => {
    expect(sentence(record({ forecast: { state: 'runsOutOn', runsOutOn: '2031-04-04', daysLeft: 25, creditsPerDay: 2 } }))).toEqual({
      text: "At the last 30 days' pace, your credits last until 2031-04-04.",
      day: '2031-04-04',
      soon: false,
    });
    expect(sentence(record({ forecast: { state: 'runsOutOn', runsOutOn: '2031-03-11', daysLeft: 1, creditsPerDay: 2 } }))?.soon).toBe(true);
  });

  it('says auto-recharge keeps the credits, or that there is not enough history', () => {
    expect(sentence(record({ autoRecharge: auto, forecast: { state: 'autoRecharge' } }))?.text).toBe('With auto-recharge on, your credits will not run out.');
    // Set on Billing since the last poll: the setting decides at once.
    expect(sentence(record({ autoRecharge: auto, forecast: { state: 'notEnoughHistory' } }))?.text).toBe('With auto-recharge on, your credits will not run out.');
    expect(sentence(record())?.text).toBe('There is not enough spending history yet to forecast when your credits run out.');
    // Removed on Billing since the last poll: nothing until the next one.
    expect(sentence(record({ forecast: { state: 'autoRecharge' } }))).toBeNull();
    expect(sentence(null)).toBeNull();
  });
});

describe('credits machine: single steps', () => {
  it('waits for a session and shows 0 before load', () => {
    const [snapshot] = initialTransition(creditsMachine);
    expect(snapshot.value).toBe('signedOut');
    expect(creditBalance(snapshot)).toBe(0);
  });

  it('keeps the widget flag across sessions and replaces auto-recharge locally', () => {
    const [idle] = initialTransition(creditsMachine);
    const [withWidgets] = transition(creditsMachine, idle, { type: 'widgets.changed', hasWidgets: true });
    const [signedIn] = transition(creditsMachine, withWidgets, { type: 'auth.signedIn' });
    const [loaded] = transition(creditsMachine, signedIn, { type: 'credits.replaced', record: record({ autoRecharge: auto }) });
    const [cleared] = transition(creditsMachine, loaded, { type: 'credits.autoRechargeReplaced', autoRecharge: null });
    expect(cleared.context.record?.autoRecharge).toBeNull();
    expect(creditBanner(transition(creditsMachine, cleared, { type: 'credits.added', amount: -17 })[0])?.status).toBe('warning');
  });
});

describe('credits machine: simulated clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches at sign-in and every 10 s', async () => {
    let credits = 5;
    const { actor, creditsLoader } = running(async () => record({ credits: credits++ }));
    actor.send({ type: 'auth.signedIn' });
    await flushPromises();
    expect(creditBalance(actor.getSnapshot())).toBe(5);
    await vi.advanceTimersByTimeAsync(9999);
    expect(creditsLoader).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(creditsLoader).toHaveBeenCalledTimes(2);
    expect(creditBalance(actor.getSnapshot())).toBe(6);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(creditsLoader).toHaveBeenCalledTimes(4);
    actor.stop();
  });

  it('pauses while the tab is hidden and fetches at once when it returns', async () => {
    const { actor, creditsLoader } = running(async () => record());
    actor.send({ type: 'auth.signedIn' });
    await flushPromises();
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(creditsLoader).toHaveBeenCalledTimes(1);
    actor.send({ type: 'page.visible' });
    await flushPromises();
    expect(creditsLoader).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(creditsLoader).toHaveBeenCalledTimes(3);
    actor.stop();
  });

  it('keeps the last balance when a refresh fails, and stops after sign-out', async () => {
    let fail = false;
    const { actor, creditsLoader } = running(async () => {
      if (fail) throw { status: 500 };
      return record({ credits: 42 });
    });
    actor.send({ type: 'auth.signedIn' });
    await flushPromises();
    fail = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(creditBalance(actor.getSnapshot())).toBe(42);
    expect(actor.getSnapshot().matches({ signedIn: { visible: 'waiting' } })).toBe(true);
    actor.send({ type: 'auth.signedOut' });
    expect(creditBalance(actor.getSnapshot())).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(creditsLoader).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('shows the error notice once per failure streak (spec §8), not on every tick', async () => {
    let fail = true;
    const { actor, creditsLoader, notices } = running(async () => {
      if (fail) throw { status: 0 };
      return record();
    });
    actor.send({ type: 'auth.signedIn' });
    await flushPromises();
    expect(notices).toEqual(['Unknown error occurred.']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(creditsLoader).toHaveBeenCalledTimes(4);
    expect(notices).toHaveLength(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(creditBalance(actor.getSnapshot())).toBe(17);
    fail = true;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(notices).toEqual(['Unknown error occurred.', 'Unknown error occurred.']);
    actor.stop();
  });
});

describe('credits machine: generated paths', () => {
  const paths = generatePaths(creditsMachine, {
    events: [
      { type: 'auth.signedIn' },
      { type: 'auth.signedOut' },
      { type: 'page.hidden' },
      { type: 'page.visible' },
      { type: 'widgets.changed', hasWidgets: true },
      { type: 'credits.refresh' },
      { type: 'credits.replaced', record: record({ credits: 3 }) },
      { type: 'credits.autoRechargeReplaced', autoRecharge: auto },
      { type: 'credits.added', amount: 10 },
      { type: 'xstate.done.actor.creditsLoader', output: record() },
      { type: 'xstate.error.actor.creditsLoader', error: { status: 500 } },
      { type: 'xstate.after.refreshInterval.credits.signedIn.visible.waiting' },
    ],
    contextKey: (s) => `${s.context.record ? 'record' : '-'}|${s.context.hasWidgets}|${s.context.failing}`,
  });

  it('covers every state and every transition', () => {
    expectFullCoverage(creditsMachine, paths);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = createActor(creditsMachine.provide({ actors: { creditsLoader: stalled<CreditsRecord>() } })).start();
    replayPath(path, actor, (snapshot) => {
      if (snapshot.matches('signedOut')) expect(snapshot.context.record).toBeNull();
    });
    actor.stop();
  });
});
