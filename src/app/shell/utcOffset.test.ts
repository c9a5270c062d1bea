import { describe, expect, it } from 'vitest';
import { formatUtcOffset } from './utcOffset.ts';

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
  ])('%s at %s is %s', (zone, at, expected) => {
    expect(formatUtcOffset(zone, at)).toBe(expected);
  });
});
