import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import { isRunOutSoon } from '../../common/rules/creditForecast.ts';
import { isOverdraftReached as isBalanceAtOverdraft } from '../../common/rules/credits.ts';
import type { creditsMachine } from './credits.machine.ts';
import type { CreditsRecord } from './credits.types.ts';

type CreditsSnapshot = SnapshotFrom<typeof creditsMachine>;

/** spec §8 Credits messages (keys in comments). */
export const creditsMessages = {
  /** USER_CREDITS_FALL_BELLOW_SET_BALANCE; the view puts the link right after it. */
  runningLow: (credits: number) => msg`Your credits are running low: ${credits} credits.`,
  buyMoreCredits: msg`Buy more credits.`,
  /** USER_CREDITS_FALL_BELLOW_1 */
  ranOut: msg`You ran out of your credits. Please, recharge your balance.`,
  noCredits: msg`Your widgets are disabled since you don't have any credits.`,
  /** USER_OVERDRAFT_REACHED_MESSAGE */
  overdraftReached: msg`Your conversion toolbox is disabled due to an unpaid bill.`,
  /** USER_OVERDRAFT_REACHED_LINK */
  overdraftReachedLink: msg`Please, pay your bill to regain access to the conversion toolbox.`,
  buyCredits: msg`Buy credits`,
  payYourBill: msg`Pay your bill.`,
  /**
   * Issue 20, credit forecast. `date` is a calendar day (yyyy-MM-dd) in the descriptor; the view
   * puts it in the reader's language (CreditBanner, BillingPage), where the locale is known.
   */
  runsOutSoon: (date: string) => msg`At the last 30 days' pace, your credits run out on ${date}.`,
  buyCreditsOrTurnOnAutoRecharge: msg`Buy credits or turn on auto-recharge.`,
  lastsUntil: (date: string) => msg`At the last 30 days' pace, your credits last until ${date}.`,
  wontRunOutWithAutoRecharge: msg`With auto-recharge on, your credits will not run out.`,
  notEnoughHistory: msg`There is not enough spending history yet to forecast when your credits run out.`,
};

export interface CreditBanner {
  status: 'warning' | 'error' | 'info';
  message: MessageDescriptor;
  /** The link to /billing that follows the message. */
  link: MessageDescriptor;
  /** The calendar day (yyyy-MM-dd) the message names as `date`, for the view to format in the reader's language. */
  day?: string;
}

/** Billing's sentence on the credit forecast (issue 20), with the day it names, if any (see CreditBanner.day). */
export interface CreditForecastNotice {
  message: MessageDescriptor;
  day?: string;
  /** The credits run out within 3 days (the banner warns too). */
  soon: boolean;
}

/** spec §4 / §6: the overdraft is reached when the balance sits at a (negative) overdraft limit. */
export function isOverdraftRecordReached(record: CreditsRecord | null): boolean {
  return record !== null && isBalanceAtOverdraft(record);
}

/** The overdraft error's message and link: "Pay your bill." when auto-recharge is set (spec §4). */
function overdraftReachedNotice(record: CreditsRecord): CreditBanner {
  return {
    status: 'error',
    message: creditsMessages.overdraftReached,
    link: record.autoRecharge ? creditsMessages.payYourBill : creditsMessages.overdraftReachedLink,
  };
}

/**
 * The credit banner, by the rules of spec §4 in order: no credits and no overdraft; credits at
 * or below 0 (overdraft reached → error, else below 1 → warning), with "Pay your bill." as the
 * error's link when auto-recharge is set; below the auto-recharge threshold → info; then (issue
 * 20) without auto-recharge, the forecast's run-out within 3 days → warning; else none.
 */
export function creditBannerOf(record: CreditsRecord | null, hasWidgets: boolean): CreditBanner | null {
  if (!record || !hasWidgets) return null;
  const { credits, overdraft, autoRecharge } = record;
  if (credits === 0 && overdraft === 0) {
    return { status: 'warning', message: creditsMessages.noCredits, link: creditsMessages.buyCredits };
  }
  if (credits <= 0) {
    if (credits <= overdraft) return overdraftReachedNotice(record);
    return { status: 'warning', message: creditsMessages.ranOut, link: creditsMessages.buyCredits };
  }
  if (autoRecharge && credits < autoRecharge.criticalCredits) {
    return { status: 'info', message: creditsMessages.runningLow(credits), link: creditsMessages.buyMoreCredits };
  }
  // Auto-recharge set on Billing since the last poll: the forecast is stale, and the rule says no warning.
  if (!autoRecharge && record.forecast.state === 'runsOutOn' && isRunOutSoon(record.forecast)) {
    const day = record.forecast.runsOutOn;
    return { status: 'warning', message: creditsMessages.runsOutSoon(day), link: creditsMessages.buyCreditsOrTurnOnAutoRecharge, day };
  }
  return null;
}

/**
 * Billing's forecast sentence (issue 20): auto-recharge on → it will not run out; else the
 * server's forecast: the day the credits last until, or not enough history. Null before load,
 * and while a forecast of auto-recharge outlives its removal on Billing (the next poll answers).
 */
export function creditForecastNoticeOf(record: CreditsRecord | null): CreditForecastNotice | null {
  if (!record) return null;
  if (record.autoRecharge) return { message: creditsMessages.wontRunOutWithAutoRecharge, soon: false };
  const { forecast } = record;
  if (forecast.state === 'runsOutOn') return { message: creditsMessages.lastsUntil(forecast.runsOutOn), day: forecast.runsOutOn, soon: isRunOutSoon(forecast) };
  if (forecast.state === 'notEnoughHistory') return { message: creditsMessages.notEnoughHistory, soon: false };
  return null;
}

export function creditForecastNotice(snapshot: CreditsSnapshot): CreditForecastNotice | null {
  return creditForecastNoticeOf(snapshot.context.record);
}

export function creditBanner(snapshot: CreditsSnapshot): CreditBanner | null {
  return creditBannerOf(snapshot.context.record, snapshot.context.hasWidgets);
}

/** spec §2 Top bar: the credit balance, 0 before load. */
export function creditBalance(snapshot: CreditsSnapshot): number {
  return snapshot.context.record?.credits ?? 0;
}

/** spec §6: the conversion toolbox is disabled until the bill is paid. */
export function isOverdraftReached(snapshot: CreditsSnapshot): boolean {
  return isOverdraftRecordReached(snapshot.context.record);
}

/**
 * spec §6: what the conversion toolbox shows instead of its screens while the overdraft is
 * reached (the overdraft error of the banner, widgets or not); null while it is open.
 */
export function toolboxGate(snapshot: CreditsSnapshot): CreditBanner | null {
  const { record } = snapshot.context;
  return record && isOverdraftRecordReached(record) ? overdraftReachedNotice(record) : null;
}

export function autoRechargeOf(snapshot: CreditsSnapshot) {
  return snapshot.context.record?.autoRecharge ?? null;
}

export function creditsRecordOf(snapshot: CreditsSnapshot): CreditsRecord | null {
  return snapshot.context.record;
}
