import { describe, expect, it } from 'vitest';
import { pageOfScheduledCalls } from './upcomingCalls.rows.ts';

const at = (iso: string, id: number) => ({ id, scheduledAt: iso });
const rows = [
  at('2026-11-21T04:59:59.999Z', 1),
  at('2026-11-21T05:00:00.000Z', 2),
  at('2026-11-21T15:00:00.000Z', 3),
  at('2026-11-22T12:00:00.000Z', 4),
  at('2026-11-23T04:59:59.999Z', 5),
  at('2026-11-23T05:00:00.000Z', 6),
];
const range = { from: '2026-11-21T05:00:00.000Z', to: '2026-11-23T04:59:59.999Z' };

describe('upcoming calls: client-side date filter and paging (spec §7)', () => {
  it('keeps the rows scheduled within the range, ends included', () => {
    expect(pageOfScheduledCalls(rows, range, { page: 1, perPage: 20 })).toEqual({ rows: [rows[1], rows[2], rows[3], rows[4]], count: 4 });
  });

  it('counts pages over the kept rows', () => {
    expect(pageOfScheduledCalls(rows, range, { page: 2, perPage: 3 })).toEqual({ rows: [rows[4]], count: 4 });
    expect(pageOfScheduledCalls(rows, range, { page: 3, perPage: 3 })).toEqual({ rows: [], count: 4 });
  });
});
