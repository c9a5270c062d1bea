import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { changeText, summaryChanges, type PreviousPeriod } from './analytics.comparison.ts';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

const previous = (figures: Partial<PreviousPeriod>): PreviousPeriod => ({
  dateFrom: '2026-11-13',
  dateTo: '2026-11-19',
  days: 7,
  pageViews: 0,
  widgetViews: 0,
  calls: 0,
  ...figures,
});

describe('summaryChanges', () => {
  it('compares counts in percent and the conversion rate in percentage points', () => {
    const totals = { pageVisits: 112, widgetViews: 200, calls: 6, conversionRate: 3 };
    expect(summaryChanges(totals, previous({ pageViews: 100, widgetViews: 250, calls: 5 }))).toEqual({
      days: 7,
      pageVisits: { kind: 'percent', percent: 12 },
      widgetViews: { kind: 'percent', percent: -20 },
      calls: { kind: 'percent', percent: 20 },
      conversionRate: { kind: 'points', points: 1 }, // 2% → 3%
    });
  });

  it('says new after a period without any, and nothing when both are empty', () => {
    const totals = { pageVisits: 5, widgetViews: 0, calls: 0, conversionRate: 0 };
    expect(summaryChanges(totals, previous({ days: 1 }))).toEqual({
      days: 1,
      pageVisits: { kind: 'new' },
      widgetViews: { kind: 'none' },
      calls: { kind: 'none' },
      conversionRate: { kind: 'none' },
    });
  });
});

describe('changeText', () => {
  it('shows the sign and says up or down, for plural days', () => {
    expect(changeText(i18n, { kind: 'percent', percent: 12 }, 7)).toEqual({ text: '+12% vs previous 7 days', label: 'up 12% vs previous 7 days', direction: 'up' });
    expect(changeText(i18n, { kind: 'percent', percent: -5 }, 30)).toEqual({ text: '-5% vs previous 30 days', label: 'down 5% vs previous 30 days', direction: 'down' });
  });

  it('says "vs previous day" for a one-day range', () => {
    expect(changeText(i18n, { kind: 'percent', percent: 200 }, 1)).toMatchObject({ text: '+200% vs previous day', label: 'up 200% vs previous day' });
  });

  it('tells the conversion rate in percentage points', () => {
    expect(changeText(i18n, { kind: 'points', points: 1.25 }, 7)).toEqual({ text: '+1.25 pp vs previous 7 days', label: 'up 1.25 percentage points vs previous 7 days', direction: 'up' });
    expect(changeText(i18n, { kind: 'points', points: -1 }, 2)).toMatchObject({ label: 'down 1 percentage point vs previous 2 days', direction: 'down' });
  });

  it('never shows infinity: new, a dash, or no change', () => {
    expect(changeText(i18n, { kind: 'new' }, 7)).toEqual({ text: 'New: none in the previous 7 days', label: 'New: none in the previous 7 days', direction: 'up' });
    expect(changeText(i18n, { kind: 'new' }, 1).text).toBe('New: none the previous day');
    expect(changeText(i18n, { kind: 'none' }, 7)).toEqual({ text: '— vs previous 7 days', label: 'no change vs previous 7 days', direction: 'flat' });
    expect(changeText(i18n, { kind: 'percent', percent: 0 }, 7)).toEqual({ text: '0% vs previous 7 days', label: 'no change vs previous 7 days', direction: 'flat' });
  });

  it('formats numbers in the reader\'s language', () => {
    const german = setupI18n({ locale: 'de', messages: { de: {} } });
    expect(changeText(german, { kind: 'points', points: -0.5 }, 7).text).toBe('-0,5 pp vs previous 7 days');
    expect(changeText(german, { kind: 'percent', percent: 1200 }, 7).text).toBe('+1.200\u00a0% vs previous 7 days'); // German puts a no-break space before %
  });
});
