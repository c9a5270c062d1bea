import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayToPickerDate,
  dayToPickerText,
  endOfDayUtc,
  fileTimestamp,
  formatDateTime,
  formatDuration,
  formatLongDay,
  formatShortDay,
  formatUtcOffset,
  knownTimeZone,
  pickerDateToDay,
  startOfDayUtc,
  todayIn,
} from './dateTime.ts';

describe('dates in the user time zone', () => {
  const lateEvening = new Date('2026-11-22T03:30:00Z');

  it('knows today in the zone, not in UTC', () => {
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-21');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', lateEvening)).toBe('2026-11-22');
  });

  it('steps over months, years and leap days', () => {
    expect(addDays('2026-11-21', -1)).toBe('2026-11-20');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('runs a day range from 00:00:00 to 23:59:59 in the zone (spec §9)', () => {
    expect(startOfDayUtc('2026-11-21', 'America/New_York')).toBe('2026-11-21T05:00:00.000Z');
    expect(endOfDayUtc('2026-11-21', 'America/New_York')).toBe('2026-11-22T04:59:59.999Z');
    // The summer-time switch: 2026-03-08 is 23 hours long in New York.
    expect(startOfDayUtc('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(endOfDayUtc('2026-03-08', 'America/New_York')).toBe('2026-03-09T03:59:59.999Z');
  });

  it('formats date/time as MM/dd/yyyy - hh:mm a (spec §9)', () => {
    expect(formatDateTime('2026-11-21T23:07:43.134Z', 'America/New_York')).toBe('11/21/2026 - 06:07 PM');
    expect(formatDateTime('2026-11-21T23:07:43.134Z', 'Europe/Berlin')).toBe('11/22/2026 - 12:07 AM');
  });

  it('names the CSV file with MM-dd-yyyy-HH.mm.s (spec §7)', () => {
    expect(fileTimestamp(new Date('2026-11-22T03:04:05Z'), 'America/New_York')).toBe('11-21-2026-22.04.5');
  });

  it('formats durations as mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(75)).toBe('01:15');
    expect(formatDuration(1000)).toBe('16:40');
    expect(formatDuration(6000)).toBe('100:00');
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(knownTimeZone('Not/AZone')).toBe('UTC');
    expect(formatDateTime('2026-11-21T23:07:00Z', 'Not/AZone')).toBe('11/21/2026 - 11:07 PM');
  });

  it('hands calendar days to date pickers and back', () => {
    const date = dayToPickerDate('2026-03-08');
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 2, 8]);
    expect(pickerDateToDay(date)).toBe('2026-03-08');
  });

  it('writes a calendar day as the pickers show it, before their library has loaded', () => {
    expect(dayToPickerText('2026-03-08')).toBe('03/08/2026');
    expect(dayToPickerText('')).toBe('');
  });

  it('writes short days in the reader’s language', () => {
    expect(formatShortDay('2026-11-21', 'en')).toBe('Nov 21');
    expect(formatShortDay('2026-11-21', 'ja')).toBe('11月21日');
  });

  it('writes a whole day in the reader\'s language, whatever the browser\'s zone (the credit forecast)', () => {
    expect(formatLongDay('2031-03-12', 'en')).toBe('March 12, 2031');
    expect(formatLongDay('2031-03-12', 'de')).toBe('12. März 2031');
    expect(formatLongDay('2031-03-12', 'fr')).toBe('12 mars 2031');
    expect(formatLongDay('2031-03-12', 'ja')).toBe('2031年3月12日');
  });
});

describe('formatUtcOffset', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it.each([
    ['UTC', winter, 'UTC+0:00'],
    ['Europe/Berlin', winter, 'UTC+1:00'],
    ['Europe/Berlin', summer, 'UTC+2:00'],
    ['America/New_York', winter, 'UTC-5:00'],
    ['Asia/Kolkata', winter, 'UTC+5:30'],
    ['America/St_Johns', winter, 'UTC-3:30'],
    ['Asia/Kathmandu', winter, 'UTC+5:45'],
    ['Not/AZone', winter, 'UTC+0:00'],
    // The offset at that very instant, on either side of a summer-time switch (07:00Z in New York).
    ['America/New_York', new Date('2026-03-08T06:48:00Z'), 'UTC-5:00'],
    ['America/New_York', new Date('2026-03-08T07:12:00Z'), 'UTC-4:00'],
  ])('%s at %s is %s', (zone, at, expected) => {
    expect(formatUtcOffset(zone, at)).toBe(expected);
  });
});

// dateTime.ts reads wall times from Intl instead of date-fns-tz (issue 17: the signed-in screens'
// first chunk); the library, still installed for react-datepicker, checks it across zones,
// summer-time switches and the turn of the year, every 241 minutes of 2026 and 2027. (Not the
// offset: date-fns-tz's getTimezoneOffset is an hour off in the hours before a switch.)
describe('the same answers as date-fns-tz', () => {
  const zones = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Chatham'];
  const instants = Array.from({ length: (2 * 365 * 24 * 60) / 241 }, (_, index) => new Date(Date.UTC(2026, 0, 1) + index * 241 * 60_000 + 7_123));

  it.each(zones)('%s', (zone) => {
    for (const instant of instants) {
      expect(formatDateTime(instant, zone)).toBe(formatInTimeZone(instant, zone, 'MM/dd/yyyy - hh:mm a'));
      expect(fileTimestamp(instant, zone)).toBe(formatInTimeZone(instant, zone, 'MM-dd-yyyy-HH.mm.s'));
      const day = todayIn(zone, instant);
      expect(day).toBe(formatInTimeZone(instant, zone, 'yyyy-MM-dd'));
      expect(startOfDayUtc(day, zone)).toBe(fromZonedTime(`${day}T00:00:00.000`, zone).toISOString());
      expect(endOfDayUtc(day, zone)).toBe(fromZonedTime(`${day}T23:59:59.999`, zone).toISOString());
    }
  });
});
