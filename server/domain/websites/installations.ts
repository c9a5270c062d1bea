import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { websiteInstallations } from '../../db/schema/toolbox.ts';

/** A stored page is for the client to recognise, not an analytics record: long addresses are cut. */
const PAGE_MAX_LENGTH = 300;
/** Busy sites write their installation row at most this often (the events endpoint runs on every page view). */
export const SIGHTING_WRITE_INTERVAL_MS = 60_000;
/** Websites a process remembers writing for; past it the memory starts over (the database rule still holds). */
const REMEMBERED_WEBSITES = 10_000;

/** Where a page view came from, as far as the request tells. */
export interface PageSighting {
  /** The page's origin, lowercased (`https://shop.example.com`). */
  origin: string;
  host: string;
  /** The page: its address when the batch's `url` is on that origin, else the origin alone. */
  page: string;
}

/** The request parts that tell the page: the browser's own headers and the script's `url`. */
export interface SightingSource {
  origin?: string | string[];
  referer?: string | string[];
  url?: string;
}

function httpUrl(value: string | string[] | undefined): URL | null {
  if (typeof value !== 'string' || value === '' || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The page a batch of page visits was sent from (issue 21). The browser's Origin header comes
 * first: the widget posts cross-origin (sendBeacon or fetch, a POST), so the browser sets it and the
 * page's scripts cannot change it; then the Referer, then the `url` the script sends. A page with
 * `Referrer-Policy: no-referrer` sends `Origin: null` and no Referer, so the script's `url` decides.
 * Null when nothing names an http(s) page.
 *
 * Not a proof: anyone can call the public widget API with any headers (curl), so a forged
 * "installed" is possible, as a forged page view is. The status helps a client find a mistake in
 * the installation; it is no security check and nothing is granted by it.
 */
export function pageSighting(source: SightingSource): PageSighting | null {
  const claimed = httpUrl(source.url);
  const told = httpUrl(source.origin) ?? httpUrl(source.referer) ?? claimed;
  if (!told) return null;
  const origin = told.origin.toLowerCase();
  // The script's address counts only where the browser agrees on the origin: a page of another
  // site must not show up as a page of the client's own.
  const page = claimed && claimed.origin.toLowerCase() === origin ? `${origin}${claimed.pathname}${claimed.search}` : origin;
  return { origin, host: told.hostname.toLowerCase().replace(/\.$/, ''), page: page.slice(0, PAGE_MAX_LENGTH) };
}

/**
 * True when a page of `host` belongs to the website `domain`: the domain itself or any of its
 * subdomains. A website added as www.example.com owns example.com too (the same site to its
 * visitors); example.com owns www.example.com and shop.example.com. Scheme and port do not matter.
 */
export function isOwnHost(host: string, domain: string): boolean {
  // Only a `www.` with a name under it is dropped: the website www.com must not own every .com.
  const base = /^www\.[^.]+\./.test(domain) ? domain.slice(4) : domain;
  return host === base || host.endsWith(`.${base}`);
}

/**
 * Remembers, per process, when a website's sighting was last written, so that a busy site's page
 * views do not each send a statement the database would turn down anyway (the conditional update
 * below is the rule across instances; this only spares the round trip).
 */
export class SightingThrottle {
  readonly #written = new Map<string, number>();

  /** True when a sighting of this kind may be written at `now`, and notes it as written. */
  admit(websiteId: number, own: boolean, now: Date): boolean {
    const key = `${websiteId}:${own ? 'own' : 'elsewhere'}`;
    const last = this.#written.get(key);
    if (last !== undefined && now.getTime() - last < SIGHTING_WRITE_INTERVAL_MS) return false;
    if (this.#written.size >= REMEMBERED_WEBSITES) this.#written.clear();
    this.#written.set(key, now.getTime());
    return true;
  }
}

/**
 * Records that the website's script ran on `sighting`'s page at `now`: as installed when the page
 * is on the website's domain, else as seen elsewhere. One statement, and it writes only when the
 * kept time is more than a minute old (or none), so concurrent instances and busy sites update
 * the row about once a minute. Answers whether a row was written.
 */
export async function recordSighting(
  db: Database,
  website: { websiteId: number; userId: number; domain: string },
  sighting: PageSighting,
  now: Date,
): Promise<boolean> {
  const own = isOwnHost(sighting.host, website.domain);
  const t = websiteInstallations;
  const values = own ? { seenAt: now, seenPage: sighting.page } : { elsewhereSeenAt: now, elsewherePage: sighting.page };
  const kept = own ? t.seenAt : t.elsewhereSeenAt;
  const written = await db
    .insert(t)
    .values({ websiteId: website.websiteId, userId: website.userId, ...values })
    .onConflictDoUpdate({
      target: t.websiteId,
      set: values,
      setWhere: sql`${kept} is null or ${kept} < ${now.toISOString()}::timestamptz - interval '1 minute'`,
    })
    .returning({ websiteId: t.websiteId });
  return written.length > 0;
}

/** openapi/dashboard.yaml WebsiteInstallation. */
export interface InstallationView {
  status: 'installed' | 'not_detected';
  seenAt: Date | null;
  seenPage: string | null;
  elsewhereSeenAt: Date | null;
  elsewherePage: string | null;
}

/** A website's installation as the contract answers it; no row yet: not detected, nothing seen. */
export function installationView(row: { seenAt: Date | null; seenPage: string | null; elsewhereSeenAt: Date | null; elsewherePage: string | null } | null): InstallationView {
  const seen = row ?? { seenAt: null, seenPage: null, elsewhereSeenAt: null, elsewherePage: null };
  return { status: seen.seenAt ? 'installed' : 'not_detected', ...seen };
}
