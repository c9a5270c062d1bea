import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedNow } from './zonedTime.ts';

describe('zonedTime', () => {
  it('turns a wall-clock time of a zone into its instant, across daylight saving', () => {
    expect(zonedInstant('2026-01-15', '09:30', 'America/New_York').toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(zonedInstant('2026-07-15', '09:30', 'America/New_York').toISOString()).toBe('2026-07-15T13:30:00.000Z');
    expect(zonedInstant('2026-07-15', '09:30', 'UTC').toISOString()).toBe('2026-07-15T09:30:00.000Z');
    expect(zonedInstant('2026-03-02', '00:15', 'Asia/Tokyo').toISOString()).toBe('2026-03-01T15:15:00.000Z');
  });

  it("shows the zone's wall clock in a Date's local fields", () => {
    const now = zonedNow('Asia/Tokyo', new Date('2026-03-01T15:15:00.000Z'));
    expect([now.getFullYear(), now.getMonth() + 1, now.getDate(), now.getHours(), now.getMinutes()]).toEqual([2026, 3, 2, 0, 15]);
  });

  it("falls back to the visitor's clock for an unknown zone", () => {
    const now = new Date('2026-03-01T15:15:00.000Z');
    expect(zonedNow('Not/AZone', now)).toBe(now);
  });
});
