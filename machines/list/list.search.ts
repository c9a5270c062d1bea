import * as z from 'zod/mini';
import { rowsPerPageChoices } from './list.view.ts';

/**
 * Pieces of the zod schemas that validate a list screen's URL search (STYLE.md: filters and
 * the page live in the URL, validated with zod). A value that does not validate is dropped, so
 * a damaged link opens the screen's defaults for that filter instead of an error.
 */

/** A calendar day `yyyy-MM-dd` that exists (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date filter: a calendar day. */
export const daySearch = z.catch(z.optional(z.string().check(z.refine(isCalendarDay))), undefined);

/** A filter by a row's id (website, agent, widget type). */
export const idSearch = z.catch(z.optional(z.int().check(z.positive())), undefined);

/** A filter by one of a fixed set of values (status, call type). */
export function enumSearch<const T extends readonly [string, ...string[]]>(values: T) {
  return z.catch(z.optional(z.enum(values)), undefined);
}

/** `page` (from 1) and `perPage` (spec §9 choices or the screen's default). */
export function pagingSearch(defaultPerPage: number) {
  const [first, ...rest] = rowsPerPageChoices(defaultPerPage);
  return {
    page: z.catch(z.optional(z.int().check(z.positive())), undefined),
    perPage: z.catch(z.optional(z.literal([first!, ...rest])), undefined),
  };
}
