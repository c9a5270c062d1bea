/** A credit balance and the lowest it may go (the contract's Credits: credits, overdraft). */
export interface CreditBalance {
  credits: number;
  overdraft: number;
}

/**
 * spec §4 Credit banner, §6: the overdraft is reached when the balance sits at a negative
 * overdraft (the ledger never takes it lower). An account without an overdraft (0) at 0 credits
 * has run out of credits, which stops its widgets but not the toolbox. The server gates the
 * toolbox on it; the SPA's credit banner shows it.
 */
export function isOverdraftReached(balance: CreditBalance): boolean {
  return balance.overdraft < 0 && balance.credits <= balance.overdraft;
}

/**
 * The balance the client sees and can spend (GET credits, the widget's "no credits" rule, the
 * auto-recharge threshold, the toolbox gate): the credits less those held by calls being placed
 * (credits.reserved: taken when a call is accepted, charged when it connects, given back when it
 * does not). The server's SQL (domain/credits/reservations.ts availableCreditsSql) is this rule.
 */
export function availableCredits(stored: { credits: number; reserved: number }): number {
  return stored.credits - stored.reserved;
}
