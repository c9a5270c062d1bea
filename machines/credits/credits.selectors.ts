import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
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
};

export interface CreditBanner {
  status: 'warning' | 'error' | 'info';
  message: MessageDescriptor;
  /** The link to /billing that follows the message. */
  link: MessageDescriptor;
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
 * error's link when auto-recharge is set; below the auto-recharge threshold → info; else none.
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
  return null;
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
