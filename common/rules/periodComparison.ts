/**
 * Analytics against the previous period (issue 21): each summary card of the Analytics screen
 * shows its change versus the period of the same length just before the chosen one. The server
 * names that period and sums it (server/domain/analytics/dailyAnalytics.ts, GET
 * /client/analytics `previousPeriod`); the dashboard's selectors turn both sums into the change
 * the cards show. Both read this file, so "same length" and "what a zero before shows" have one
 * definition.
 */

const DAY_MS = 86_400_000;

/** A run of whole days, both ends included (`yyyy-MM-dd`, UTC days as the analytics counters are). */
export interface DayPeriod {
  fromDay: string;
  toDay: string;
  /** How many days it covers: at least 1. */
  days: number;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/**
 * The previous period of a range: the same number of calendar days, ending the day before the
 * range starts. Days, not milliseconds: a range from the 1st to the 7th is 7 days whatever hour
 * the request named, so the previous one is the 24th to the 30th of the month before (31 days).
 */
export function previousPeriod(fromDay: string, toDay: string): DayPeriod {
  const from = dayNumber(fromDay);
  const days = dayNumber(toDay) - from + 1;
  return { fromDay: dayOf(from - days), toDay: dayOf(from - 1), days };
}

/**
 * How a figure changed, as a card shows it:
 * - `percent`: a count's relative change, whole percent (+12, −5, 0); a 0.4% change is 0;
 * - `points`: a rate's change in percentage points, two decimals as the rates (spec §9);
 * - `new`: there was nothing before and there is now: "New", never +∞%;
 * - `none`: nothing before and nothing now: no change to tell ("—").
 */
export type PeriodChange = { kind: 'percent'; percent: number } | { kind: 'points'; points: number } | { kind: 'new' } | { kind: 'none' };

/** Rounds half away from zero and never answers −0 (it would print as "−0%"). */
function rounded(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const result = (Math.sign(value) * Math.round(Math.abs(value) * scale)) / scale;
  return result === 0 ? 0 : result;
}

/** The change of a count (page visits, widget views, calls) from the previous period to this one. */
export function countChange(current: number, previous: number): PeriodChange {
  if (previous === 0) return current === 0 ? { kind: 'none' } : { kind: 'new' };
  return { kind: 'percent', percent: rounded(((current - previous) / previous) * 100, 0) };
}

/**
 * The change of a rate (the conversion rate, in percent) in percentage points: a rate going from
 * 2% to 3% is "+1 pp", not "+50%". A rate is only defined with a base (widget views): without
 * any before, the rate is `new` (or `none` without any now either), even though spec §9 prints
 * such a rate as 0.
 */
export function rateChange(current: { rate: number; base: number }, previous: { rate: number; base: number }): PeriodChange {
  if (previous.base === 0) return current.base === 0 ? { kind: 'none' } : { kind: 'new' };
  return { kind: 'points', points: rounded(current.rate - previous.rate, 2) };
}

/** Which way a change went, for its arrow and colour (never the only cue: the text has the sign). */
export function changeDirection(change: PeriodChange): 'up' | 'down' | 'flat' {
  const value = change.kind === 'percent' ? change.percent : change.kind === 'points' ? change.points : change.kind === 'new' ? 1 : 0;
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}
