/**
 * The widget's working hours are in the account's time zone (openapi/widget.yaml WidgetConfig
 * timeZone). The renderer reads a Date's local fields (schedule.ts), so the embed script hands
 * it the account's wall-clock time as a local Date, and turns a chosen day and time back into an
 * instant. Falls back to the visitor's clock when the browser does not know the zone.
 */

type Field = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

function wallClock(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const value = (type: Field) => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(value('year'), value('month') - 1, value('day'), value('hour') % 24, value('minute'), value('second'));
}

/** `now` as the account's wall-clock time, in a Date whose local fields show it. */
export function zonedNow(timeZone: string, now = new Date()): Date {
  try {
    const wall = new Date(wallClock(now.getTime(), timeZone));
    return new Date(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds());
  } catch {
    return now;
  }
}

/** The instant of a wall-clock day (YYYY-MM-DD) and time (HH:mm) in `timeZone`. */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(year, month - 1, date, hour, minute);
  try {
    // Two passes settle the offset, daylight saving changes included.
    let instant = wanted;
    for (let pass = 0; pass < 2; pass++) instant += wanted - wallClock(instant, timeZone);
    return new Date(instant);
  } catch {
    return new Date(year, month - 1, date, hour, minute);
  }
}
