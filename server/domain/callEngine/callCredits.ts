/** What a placed call costs: one credit per connected call (spec §1 "20 free credits/calls"; the demo charges the same). */
export const CREDITS_PER_CONNECTED_CALL = 1;

/**
 * spec §1: "When credits run out, all widgets stop showing and no calls can be made" — whether a
 * balance can pay for one more call without passing the overdraft. The widget API's config
 * answer uses the same rule to show nothing.
 */
export function canPayForACall(balance: number, overdraft: number): boolean {
  return balance - CREDITS_PER_CONNECTED_CALL >= overdraft;
}
