import type { AvailabilityDay } from '../../db/schema/toolbox.ts';
import { isTimeFrameValid } from '../../../common/rules/workingHours.ts';
import { invalidInput } from '../domainError.ts';

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
      if (!isTimeFrameValid(frame)) {
        throw invalidInput(`Field ${field}: on ${entry.day} the time frame ${frame.from}–${frame.to} must end after it starts.`);
      }
    }
  }
  if (options.requireActiveDay && days.length > 0 && !days.some((entry) => entry.isActive)) {
    throw invalidInput(`Field ${field}: A minimum of one active day is required.`);
  }
}
