import type { components } from '../../common/contract/widgetApi.gen.ts';

export type TrafficSource = components['schemas']['TrafficSource'];

/** What the script knows of the visitor for display rules and sources (issue 20). */
export interface Visitor {
  /** Where the visitor first came from, sent with events and requests. */
  firstTouch: TrafficSource;
  /** The UTM source the display rules compare: this visit's, else the first-touch one. */
  utmSource: string | null;
  /** Seen on an earlier visit: a visitor is new throughout the visit in which the script first saw them, in any tab opened within 30 minutes of it. */
  returning: boolean;
}

/** A source with the UTM source it came from, if it did (a referral's host name is not one). */
type Touch = { s: TrafficSource; u: string | null };

const FIRST = 'callback-widget:first';
const VISIT = 'callback-widget:visit';
/** A tab opened this soon after the first visit began is part of it (GA4's session timeout): a second tab of a new visitor is not a return. */
const FIRST_VISIT_MS = 30 * 60_000;

/**
 * Cut to the contract's lengths (TrafficSource), which count characters: a longer value would cost
 * the visitor's call a 400, and so would half an emoji (cutting UTF-16 units could split one).
 */
const cut = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() ? Array.from(value.trim()).slice(0, max).join('') : null);

/** A touch as stored, rebuilt field by field: storage is the host page's, anything may be in it. */
function tidy(raw: unknown): Touch | null {
  const { s, u } = (raw ?? {}) as { s?: Partial<TrafficSource>; u?: unknown };
  const source = cut(s?.source, 100);
  return source ? { s: { source, medium: cut(s!.medium, 100), campaign: cut(s!.campaign, 200), landingPage: cut(s!.landingPage, 500) }, u: cut(u, 100) } : null;
}

/**
 * This page's source: `utm_source` (lowercased, trimmed) with `utm_medium` and `utm_campaign`;
 * else the referring site's host name without `www.`, medium `referral`; else `(direct)`,
 * medium `(none)`. A referrer on this very site (the visitor moved between its pages) is direct.
 */
export function touchOf(page: URL, referrer: string): Touch {
  const query = page.searchParams;
  const landingPage = (page.pathname + page.search).slice(0, 500);
  const utm = cut(query.get('utm_source')?.toLowerCase(), 100);
  if (utm) return { s: { source: utm, medium: cut(query.get('utm_medium'), 100), campaign: cut(query.get('utm_campaign'), 200), landingPage }, u: utm };
  let host = '';
  try {
    host = new URL(referrer).hostname.replace(/^www\./, '');
  } catch {
    // No referrer, or not an address: direct.
  }
  const here = page.hostname.replace(/^www\./, '');
  return host && host !== here ? { s: { source: host.slice(0, 100), medium: 'referral', campaign: null, landingPage }, u: null } : { s: { source: '(direct)', medium: '(none)', campaign: null, landingPage }, u: null };
}

function read(storage: () => Storage, name: string): unknown {
  try {
    return JSON.parse(storage().getItem(name) ?? 'null');
  } catch {
    return null;
  }
}

function write(storage: () => Storage, name: string, value: unknown): void {
  try {
    storage().setItem(name, JSON.stringify(value));
  } catch {
    // Storage off (private mode, a sandboxed frame, a full quota): this page still works.
  }
}

/**
 * Reads and, on a visit's first page, writes what the script remembers of the visitor in the host
 * page's storage: in localStorage the first visit's time and first-touch source (kept, never
 * overwritten), in sessionStorage this visit's landing source and whether it is the visitor's
 * first visit. A visit is a browser tab session, as the Timed popup's displays per visit; a tab
 * opened within 30 minutes of the first visit's start belongs to that first visit. Without
 * storage every page is a new visitor's first, its source this page's.
 */
export function visitor(page: URL = new URL(location.href), referrer: string = document.referrer, now: number = Date.now()): Visitor {
  const local = () => localStorage;
  const session = () => sessionStorage;
  const stored = read(session, VISIT) as { n?: unknown } | null;
  const storedFirst = read(local, FIRST) as { at?: unknown } | null;
  let first = tidy(storedFirst);
  let visit = tidy(stored);
  let isNew = stored?.n === true;
  if (!visit) {
    visit = touchOf(page, referrer);
    const firstAt = typeof storedFirst?.at === 'number' ? storedFirst.at : null;
    isNew = !first || (firstAt !== null && now >= firstAt && now - firstAt < FIRST_VISIT_MS);
    write(session, VISIT, { ...visit, n: isNew });
  }
  if (!first) {
    first = { s: visit.s, u: visit.u };
    write(local, FIRST, { ...first, at: now });
  }
  return { firstTouch: first.s, utmSource: visit.u ?? first.u, returning: !isNew };
}
