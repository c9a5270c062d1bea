import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { daySearch, enumSearch, idSearch, isCalendarDay, pagingSearch } from './list.search.ts';
import type { ListView } from './list.types.ts';
import { hasActiveFilters, isDateRangeInvalid, pageCountOf, rowsPerPageChoices, searchFromView, viewFromSearch } from './list.view.ts';

type Filters = { dateFrom: string; dateTo: string; status: string | null; websiteId: number | null };
const defaults: ListView<Filters> = { filters: { dateFrom: '2026-11-20', dateTo: '2026-11-21', status: null, websiteId: null }, page: 1, perPage: 20 };

describe('list view rules', () => {
  it('offers spec §9 rows per page plus the screen default', () => {
    expect(rowsPerPageChoices(20)).toEqual([5, 20, 25, 50, 100, 150, 200]);
    expect(rowsPerPageChoices(25)).toEqual([5, 25, 50, 100, 150, 200]);
  });

  it.each([
    ['2026-11-21', '2026-11-20', true],
    ['2026-11-20', '2026-11-20', false],
    ['2026-11-19', '2026-11-20', false],
    ['2025-12-31', '2026-01-01', false],
  ])('Date from %s and Date to %s: invalid %s', (dateFrom, dateTo, invalid) => {
    expect(isDateRangeInvalid({ dateFrom, dateTo })).toBe(invalid);
  });

  it('has no date range to check on screens without dates', () => {
    expect(isDateRangeInvalid({ status: 'active' })).toBe(false);
  });

  it('calls a filter active when it differs from the default', () => {
    expect(hasActiveFilters(defaults, defaults)).toBe(false);
    expect(hasActiveFilters({ ...defaults, page: 4, perPage: 50 }, defaults)).toBe(false);
    expect(hasActiveFilters({ ...defaults, filters: { ...defaults.filters, status: 'missed' } }, defaults)).toBe(true);
    expect(hasActiveFilters({ ...defaults, filters: { ...defaults.filters, dateFrom: '2026-10-01' } }, defaults)).toBe(true);
  });

  it('counts pages', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
  });

  it('writes only what differs from the defaults into the URL, and reads it back', () => {
    const view: ListView<Filters> = { filters: { ...defaults.filters, dateFrom: '2026-11-01', websiteId: 3 }, page: 2, perPage: 50 };
    const search = searchFromView(view, defaults);
    expect(search).toEqual({ dateFrom: '2026-11-01', websiteId: 3, page: 2, perPage: 50 });
    expect(viewFromSearch(search, defaults)).toEqual(view);
    expect(searchFromView(defaults, defaults)).toEqual({});
    expect(viewFromSearch({}, defaults)).toEqual(defaults);
  });
});

describe('list URL schemas', () => {
  const schema = z.object({
    dateFrom: daySearch,
    status: enumSearch(['missed', 'busy']),
    websiteId: idSearch,
    ...pagingSearch(20),
  });

  it('keeps valid values', () => {
    expect(schema.parse({ dateFrom: '2026-02-28', status: 'busy', websiteId: 3, page: 2, perPage: 20 })).toEqual({
      dateFrom: '2026-02-28',
      status: 'busy',
      websiteId: 3,
      page: 2,
      perPage: 20,
    });
  });

  it('drops damaged values instead of failing', () => {
    const parsed = schema.parse({ dateFrom: '2026-02-30', status: 'lost', websiteId: 0, page: -1, perPage: 7 });
    expect(Object.values(parsed).filter((value) => value !== undefined)).toEqual([]);
  });

  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['11/20/2026', false],
  ])('%s is a calendar day: %s', (value, valid) => {
    expect(isCalendarDay(value)).toBe(valid);
  });
});
