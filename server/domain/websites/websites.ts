import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { websiteInstallations, websites, widgets } from '../../db/schema/toolbox.ts';
import { installationView, type InstallationView } from './installations.ts';
import { DomainError, invalidInput, notFoundRow } from '../domainError.ts';
import { normalizeDomain } from '../../../common/rules/domainName.ts';

/** A website as the contract's `Website` answers it. */
export interface WebsiteView {
  id: number;
  domain: string;
  publicKey: string;
  createdAt: Date;
  widgetCount: number;
  /** Where the widget script was last seen running (issue 21, installations.ts). */
  installation: InstallationView;
}

type WebsiteRow = typeof websites.$inferSelect;

/** 144 random bits, URL-safe: the embed snippet's `/widget.js?key=…`; never changes. */
export function newPublicKey(): string {
  return randomBytes(18).toString('base64url');
}

/** The caller's websites in the order they were added (spec §4: "a new one is appended"). */
export async function listWebsites(db: Database, userId: number): Promise<WebsiteView[]> {
  const rows = await db
    .select({
      id: websites.id,
      domain: websites.domain,
      publicKey: websites.publicKey,
      createdAt: websites.createdAt,
      widgetCount: count(widgets.id),
      seenAt: websiteInstallations.seenAt,
      seenPage: websiteInstallations.seenPage,
      elsewhereSeenAt: websiteInstallations.elsewhereSeenAt,
      elsewherePage: websiteInstallations.elsewherePage,
    })
    .from(websites)
    .leftJoin(widgets, eq(widgets.websiteId, websites.id))
    .leftJoin(websiteInstallations, eq(websiteInstallations.websiteId, websites.id))
    .where(eq(websites.userId, userId))
    .groupBy(websites.id, websiteInstallations.websiteId)
    .orderBy(asc(websites.id));
  return rows.map(({ seenAt, seenPage, elsewhereSeenAt, elsewherePage, ...website }) => ({
    ...website,
    installation: installationView({ seenAt, seenPage, elsewhereSeenAt, elsewherePage }),
  }));
}

/**
 * Adds a website by what the client typed (a domain or a URL, normalized by normalizeDomain)
 * with a new public key. Throws DomainError `invalid_request` for something that is not a host
 * name and `website_exists` when the caller already has it; two concurrent adds of one domain
 * cannot both succeed (unique index websites_user_domain_key).
 */
export async function createWebsite(db: Database, userId: number, domainInput: string): Promise<WebsiteView> {
  const domain = normalizeDomain(domainInput);
  if (!domain) throw invalidInput('Field domain must be a website domain such as example.com.');
  const [created] = await db
    .insert(websites)
    .values({ userId, domain, publicKey: newPublicKey() })
    .onConflictDoNothing({ target: [websites.userId, websites.domain] })
    .returning();
  if (!created) throw new DomainError('website_exists', `You already have the website ${domain}.`);
  return { ...pick(created), widgetCount: 0, installation: installationView(null) };
}

/**
 * The caller's website with this id, locked until the end of the surrounding transaction when
 * `lock` is set (widget activation serializes on it, spec §4). Throws `not_found` otherwise.
 */
export async function findOwnWebsite(db: Database, userId: number, websiteId: number, options: { lock?: boolean } = {}): Promise<WebsiteRow> {
  const query = db
    .select()
    .from(websites)
    .where(and(eq(websites.id, websiteId), eq(websites.userId, userId)));
  const [website] = options.lock ? await query.for('update') : await query;
  if (!website) throw notFoundRow('website');
  return website;
}

function pick(row: WebsiteRow) {
  return { id: row.id, domain: row.domain, publicKey: row.publicKey, createdAt: row.createdAt };
}
