import type { components } from '../contract/dashboard.gen.ts';
import { availableCredits } from './credits.ts';

/**
 * The credit forecast (issue 20): when the spendable balance runs out at the pace of the last 30
 * days. The server computes it (server/domain/credits/forecast.ts reads the ledger) and answers it
 * with GET /client/credits; the dashboard's credit banner and the run-out e-mail both warn by
 * isRunOutSoon, so they agree on "within 3 days".
 */
export type CreditForecast = components['schemas']['CreditForecast'];

/** The pace is measured over this many days before now. */
export const FORECAST_WINDOW_DAYS = 30;
/**
 * A pace needs this much spending history: the first call an account ever paid for must be at
 * least 3 days old. A first afternoon of test calls would otherwise read as a daily pace and
 * forecast a run-out within days for every new client.
 */
export const MIN_HISTORY_DAYS = 3;
/** The banner warns and the owner is e-mailed when the credits run out within this many days. */
export const RUN_OUT_WARNING_DAYS = 3;
/** Forecasts further out than this say this far (10 years): a date, not a year past any calendar. */
export const MAX_FORECAST_DAYS = 3650;

export const DAY_MS = 86_400_000;

/** What the forecast is computed from: the balance row, the setting and the ledger's sums. */
export interface ForecastInput {
  now: Date;
  /** The account's IANA time zone (its setting); the run-out day is a day on its calendar. */
  timeZone: string;
  /** The stored balance, the credits held by calls being placed and the floor (the credits row). */
  balance: { credits: number; reserved: number; overdraft: number };
  /** Auto-recharge is set: the credits do not run out. */
  autoRecharge: boolean;
  /**
   * The ledger over the window (forecastWindowStart(now) to now): credits spent by calls less
   * refunds, and when the account's spending history begins (its first call debit ever), null
   * without any.
   */
  spending: { spent: number; firstSpentAt: Date | null };
}

/** The start of the window the pace is measured over. */
export function forecastWindowStart(now: Date): Date {
  return new Date(now.getTime() - FORECAST_WINDOW_DAYS * DAY_MS);
}

/**
 * The forecast: `autoRecharge` when set (checked first: nothing to forecast); `notEnoughHistory`
 * when nothing was spent in the window or the history is younger than MIN_HISTORY_DAYS; else the
 * pace is the credits spent over the days of history within the window (a client who started 10
 * days ago spent those credits in 10 days, not 30), and the spendable balance (credits less the
 * reserved ones, down to the overdraft: common/rules/credits.ts) lasts that many days at it.
 */
export function forecastCredits(input: ForecastInput): CreditForecast {
  if (input.autoRecharge) return { state: 'autoRecharge' };
  const { now, spending } = input;
  if (spending.firstSpentAt === null || spending.spent <= 0) return { state: 'notEnoughHistory' };
  const historyStart = Math.max(forecastWindowStart(now).getTime(), spending.firstSpentAt.getTime());
  const historyDays = (now.getTime() - historyStart) / DAY_MS;
  if (historyDays < MIN_HISTORY_DAYS) return { state: 'notEnoughHistory' };
  const creditsPerDay = spending.spent / historyDays;
  const spendable = Math.max(0, availableCredits(input.balance) - input.balance.overdraft);
  // Rounded down: the e-mail and the banner read this same number against RUN_OUT_WARNING_DAYS.
  const daysLeft = Math.floor(Math.min(spendable / creditsPerDay, MAX_FORECAST_DAYS) * 100) / 100;
  return {
    state: 'runsOutOn',
    runsOutOn: dayIn(new Date(now.getTime() + daysLeft * DAY_MS), input.timeZone),
    daysLeft,
    creditsPerDay: Math.max(0.01, Math.round(creditsPerDay * 100) / 100),
  };
}

/** The forecast warns: the credits run out within RUN_OUT_WARNING_DAYS (never with auto-recharge, which is its own state). */
export function isRunOutSoon(forecast: CreditForecast | null | undefined): boolean {
  return forecast?.state === 'runsOutOn' && forecast.daysLeft <= RUN_OUT_WARNING_DAYS;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (yyyy-MM-dd) of `instant` in `timeZone`; UTC for a zone the runtime does not know. */
export function dayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return dayIn(instant, 'UTC');
    }
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
