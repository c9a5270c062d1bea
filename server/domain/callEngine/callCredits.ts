import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { calls } from '../../db/schema/calls.ts';
import { debitCredits } from '../credits/ledger.ts';
import { heldOnAccount, releaseCredits, reserveCredits, signalRecharge } from '../credits/reservations.ts';
import type { CallLog } from './callRequestDeps.ts';

/** What a placed call costs: one credit per connected call (spec §1 "20 free credits/calls"; the demo charges the same). */
export const CREDITS_PER_CONNECTED_CALL = 1;

/**
 * spec §1: "When credits run out, all widgets stop showing and no calls can be made" — whether an
 * available balance (common/rules/credits.ts availableCredits: credits less those held by calls
 * being placed) can pay for one more call without passing the overdraft. The widget API's
 * config answer uses the same rule to show nothing. A hint only: what makes a call payable is
 * holdCreditsForCall.
 */
export function canPayForACall(available: number, overdraft: number): boolean {
  return available - CREDITS_PER_CONNECTED_CALL >= overdraft;
}

/**
 * Holds the price of a call on the account (credits/reservations.ts) inside the transaction that
 * records the call; the caller stores the answer in calls.reserved_credits. Answers 0 when the
 * available balance cannot pay for it: the caller refuses the call.
 */
export async function holdCreditsForCall(tx: Database, userId: number): Promise<number> {
  const { reserved, rechargeQueued } = await reserveCredits(tx, userId, CREDITS_PER_CONNECTED_CALL);
  // The purchase job is visible once the caller's transaction commits; an early wake-up only
  // makes the worker poll once more.
  signalRecharge(rechargeQueued);
  return reserved ? CREDITS_PER_CONNECTED_CALL : 0;
}

/**
 * Ends a call's hold on the credits, once (the call row is locked and its reserved_credits
 * cleared in the caller's transaction): a connected call is charged CREDITS_PER_CONNECTED_CALL
 * through the ledger, spending the credits it held; any other end gives them back. A call that
 * held nothing (accepted before reservations existed) is charged as a plain debit, which may be
 * refused at the overdraft: it is then left uncharged and logged. A call already charged is not
 * charged again. Answers the credits charged.
 *
 * Never throws on inconsistent figures (issue 15 review): settling must not roll back the
 * transaction that records the outcome and ends the placement's lease, or recovery would ring
 * the visitor again every lease period. A missing call row, or an account holding fewer credits
 * than the call says it held, is logged as an error with the figures; only what the account
 * holds is spent or given back (credits.reserved never goes below zero).
 */
export async function settleCallCredits(tx: Database, log: CallLog, callId: number, connected: boolean): Promise<number> {
  const [call] = await tx
    .select({ userId: calls.userId, held: calls.reservedCredits, charged: calls.creditsCharged, isTest: calls.isTest })
    .from(calls)
    .where(eq(calls.id, callId))
    .for('update');
  if (!call) {
    log.error({ callId }, 'calls: settling a call that does not exist; nothing charged or given back');
    return 0;
  }
  // A test call (issue 21) holds nothing and is free: without this it would count as a call
  // accepted before reservations and be charged as a plain debit.
  if (call.isTest) return 0;
  const onAccount = call.held > 0 ? await heldOnAccount(tx, call.userId) : 0;
  if (onAccount < call.held) {
    log.error(
      { callId, userId: call.userId, callHeld: call.held, accountReserved: onAccount },
      'calls: the account holds fewer credits than the call held; settling only what it holds',
    );
  }
  const charged = await moveHeldCredits(tx, log, callId, { ...call, held: Math.min(call.held, onAccount) }, connected);
  // Written after the balance row: a write to calls moves its counters (daily_widget_usage,
  // migration 0004), and requests lock the balance before they insert a call; one order, no
  // deadlock.
  if (call.held > 0) await tx.update(calls).set({ reservedCredits: 0 }).where(eq(calls.id, callId));
  return charged;
}

async function giveBack(tx: Database, log: CallLog, callId: number, userId: number, amount: number): Promise<void> {
  const released = await releaseCredits(tx, userId, amount);
  if (released < amount) log.error({ callId, userId, toGiveBack: amount, released }, 'calls: the account held fewer credits than the call gives back');
}

async function moveHeldCredits(tx: Database, log: CallLog, callId: number, call: { userId: number; held: number; charged: number }, connected: boolean): Promise<number> {
  // Recorded twice (an instance thought dead finished after recovery took the call over): the
  // first record charged it, the second must not.
  if (call.charged > 0) {
    await giveBack(tx, log, callId, call.userId, call.held);
    return call.charged;
  }
  if (connected) {
    const settles = Math.min(call.held, CREDITS_PER_CONNECTED_CALL);
    const debit = await debitCredits(tx, call.userId, CREDITS_PER_CONNECTED_CALL, 'call', { callId }, settles);
    if (debit.ok) {
      await giveBack(tx, log, callId, call.userId, call.held - settles);
      return CREDITS_PER_CONNECTED_CALL;
    }
    log.warn({ callId, userId: call.userId }, 'calls: connected call left uncharged, the balance is at the overdraft');
  }
  await giveBack(tx, log, callId, call.userId, call.held);
  return 0;
}
