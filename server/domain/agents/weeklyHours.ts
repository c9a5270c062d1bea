import type { AvailabilityDay } from '../../db/schema/toolbox.ts';
import { invalidInput } from '../domainError.ts';

/** HH:mm or HH:mm:ss as the contract's TimeFrame allows; seconds default to :00. */
function secondsOfDay(time: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/**
 * The checks of a weekly schedule the contract's schema cannot express (spec §5 Active hours,
 * Availability): each day appears once, every time frame ends after it starts, and an active day
 * has a time frame. With `requireActiveDay` a non-empty schedule also needs an active day
 * ("A minimum of one active day is required."); an empty schedule means "no schedule".
 * Throws `invalid_request` naming the field.
 */
export function checkWeeklyHours(days: AvailabilityDay[], field: string, options: { requireActiveDay?: boolean } = {}): void {
  const seen = new Set<string>();
  for (const entry of days) {
    if (seen.has(entry.day)) throw invalidInput(`Field ${field} lists ${entry.day} more than once.`);
    seen.add(entry.day);
    if (entry.isActive && entry.times.length === 0) {
      throw invalidInput(`Field ${field}: A minimum of one time frame for active days is required (${entry.day}).`);
    }
    for (const frame of entry.times) {
      if (secondsOfDay(frame.to) <= secondsOfDay(frame.from)) {
        throw invalidInput(`Field ${field}: on ${entry.day} the time frame ${frame.from}–${frame.to} must end after it starts.`);
      }
    }
  }
  if (options.requireActiveDay && days.length > 0 && !days.some((entry) => entry.isActive)) {
    throw invalidInput(`Field ${field}: A minimum of one active day is required.`);
  }
}
