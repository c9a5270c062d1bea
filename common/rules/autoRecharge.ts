/**
 * The daily cap of auto-recharge (issue 15): automatic purchases allowed in any 24 hours, as the
 * contract's AutoRecharge.maxPerDay bounds it. Shared by the server, which enforces it, and the
 * payment form, which offers it.
 */
export const DEFAULT_AUTO_RECHARGES_PER_DAY = 3;
export const MAX_AUTO_RECHARGES_PER_DAY = 20;
