import { describe, expect, it } from 'vitest';
import { type CallForGa4, ga4HitOf, ga4SessionIdOf } from './ga4Hits.ts';

// Issue 19: the Measurement Protocol hit a call's outcome becomes.

const connection = { measurementId: 'G-ABC123XYZ9', apiSecret: 'AbCdEfGhIjKlMnOpQrXy9Q' };
const outcomeAt = new Date('2026-11-18T10:05:00.123Z');

function call(overrides: Partial<CallForGa4> = {}): CallForGa4 {
  return {
    id: 41,
    createdAt: new Date('2026-11-18T10:00:00Z'),
    outcomeRecordedAt: outcomeAt,
    status: 'successful',
    type: 'instant',
    duration: 95,
    widgetId: 7,
    widgetName: 'Pricing page icon',
    gaClientId: '123456789.1700000000',
    gaSessionIds: null,
    ...overrides,
  };
}

describe('ga4HitOf', () => {
  it("is one callback_call_completed event of the visitor's client id, at the outcome's time, in the session of the account's stream", () => {
    const hit = ga4HitOf(connection, call({ gaSessionIds: { OTHER0001: '1699999000', ABC123XYZ9: '1700000500' } }));
    expect(hit).toEqual({
      measurementId: 'G-ABC123XYZ9',
      apiSecret: 'AbCdEfGhIjKlMnOpQrXy9Q',
      body: {
        client_id: '123456789.1700000000',
        timestamp_micros: outcomeAt.getTime() * 1000,
        events: [
          {
            name: 'callback_call_completed',
            params: {
              call_status: 'successful',
              call_type: 'instant',
              duration_seconds: 95,
              widget_id: 7,
              widget_name: 'Pricing page icon',
              session_id: '1700000500',
              engagement_time_msec: 1,
            },
          },
        ],
      },
    });
  });

  it("sends no session_id when the page had no session of the account's stream, and no widget_id for a call without a widget", () => {
    for (const gaSessionIds of [null, { OTHER0001: '1699999000' }]) {
      const { params } = ga4HitOf(connection, call({ gaSessionIds, widgetId: null })).body.events[0]!;
      expect(params).toEqual({ call_status: 'successful', call_type: 'instant', duration_seconds: 95, widget_name: 'Pricing page icon', engagement_time_msec: 1 });
    }
  });

  it('cuts widget_name to 100 characters between code points, never through a surrogate pair', () => {
    const name = `${'a'.repeat(99)}😀😀`;
    const cut = ga4HitOf(connection, call({ widgetName: name })).body.events[0]!.params.widget_name as string;
    expect(cut).toBe(`${'a'.repeat(99)}😀`);
    expect(cut).not.toMatch(/\p{Cs}/u);
    expect(Array.from(cut)).toHaveLength(100);
    expect(ga4HitOf(connection, call({ widgetName: '😀'.repeat(150) })).body.events[0]!.params.widget_name).toBe('😀'.repeat(100));
    expect(ga4HitOf(connection, call({ widgetName: 'Short' })).body.events[0]!.params.widget_name).toBe('Short');
  });
});

describe('ga4SessionIdOf', () => {
  it('picks the session id by the measurement id, its container without G-; none otherwise', () => {
    const sessions = { ABC123XYZ9: '1700000500', ZZZZ9999: '1700000600' };
    expect(ga4SessionIdOf('G-ABC123XYZ9', sessions)).toBe('1700000500');
    expect(ga4SessionIdOf('G-ZZZZ9999', sessions)).toBe('1700000600');
    expect(ga4SessionIdOf('G-NOTHERE1', sessions)).toBeUndefined();
    expect(ga4SessionIdOf('G-ABC123XYZ9', null)).toBeUndefined();
    // Not a property of every object.
    expect(ga4SessionIdOf('G-constructor', sessions)).toBeUndefined();
  });
});
