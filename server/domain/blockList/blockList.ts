import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blockedVisitors, type blockedVisitorKinds } from '../../db/schema/widgetApi.ts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { LRUCache } from 'lru-cache';
import { PHONE_PATTERN, stripVisitorNumber } from '../../../common/rules/phone.ts';
import { DomainError, invalidInput, notFoundRow } from '../domainError.ts';
import { canonicalAddress } from '../limits/clientAddress.ts';

export type BlockedVisitorKind = (typeof blockedVisitorKinds)[number];

/** A block-list entry as the contract's `BlockedVisitor` answers it. */
export interface BlockedVisitorView {
  id: number;
  kind: BlockedVisitorKind;
  value: string;
  createdAt: string;
}

/** The size of a full block list (contract: `block_list_full`). */
export const MAX_BLOCKED_VISITORS = 1000;

function toView(row: typeof blockedVisitors.$inferSelect): BlockedVisitorView {
  return { id: row.id, kind: row.kind, value: row.value, createdAt: row.createdAt.toISOString() };
}

/**
 * A number as the widget API stores it: the spaces, dots, dashes and parentheses people type are
 * removed, then it must match the phone pattern (spec §5).
 */
export function blockedNumber(input: string): string {
  const number = stripVisitorNumber(input);
  if (!PHONE_PATTERN.test(number)) throw invalidInput('Field value: Not a valid phone number format.');
  return number;
}

/** Moved to server/domain/limits/clientAddress.ts, shared with the per-address limits. */
export { canonicalAddress };

function blockedValue(kind: BlockedVisitorKind, value: string): string {
  if (kind === 'number') return blockedNumber(value);
  const address = canonicalAddress(value);
  if (address === null) throw invalidInput('Field value: Not a valid IPv4 or IPv6 address.');
  return address;
}

/**
 * The spellings of a number that name the same line: with and without its leading plus and, for
 * a visitor's number (E.164 since issue 15), the national forms an entry listed before may hold
 * (212 555 0171 or 0 20 7946 0000 as typed, without the country code).
 */
function numberSpellings(number: string): readonly string[] {
  let spellings = spellingsOf.get(number);
  if (spellings === undefined) {
    const digits = number.replace(/^\+/, '');
    const all = [digits, `+${digits}`];
    const parsed = number.startsWith('+') ? parsePhoneNumberFromString(number) : undefined;
    if (parsed) all.push(parsed.nationalNumber, stripVisitorNumber(parsed.formatNational()));
    spellings = [...new Set(all)];
    spellingsOf.set(number, spellings);
  }
  return spellings;
}

/** Spellings remembered (issue 17: each Call now asks; a parse with the "max" metadata costs about 0.3 ms). Bounded: visitors type the keys; shared, so read-only. */
const spellingsOf = new LRUCache<string, readonly string[]>({ max: 10_000 });

/** The caller's block list, newest first. */
export async function listBlockedVisitors(db: Database, userId: number): Promise<BlockedVisitorView[]> {
  const rows = await db
    .select()
    .from(blockedVisitors)
    .where(eq(blockedVisitors.userId, userId))
    .orderBy(desc(blockedVisitors.createdAt), desc(blockedVisitors.id))
    .limit(MAX_BLOCKED_VISITORS);
  return rows.map(toView);
}

/** The values that name the same visitor: a number with and without its plus, an address as is. */
function sameVisitor(kind: BlockedVisitorKind, value: string): readonly string[] {
  return kind === 'number' ? numberSpellings(value) : [value];
}

/**
 * Puts a number or an address on the client's block list. Answers the entry and whether it is
 * new; an entry already listed (a number in either spelling) is answered as it is, even on a
 * full list. One block at a time per client (a transaction lock), so parallel requests can
 * neither list a visitor twice nor go past the cap.
 */
export async function blockVisitor(
  db: Database,
  userId: number,
  kind: BlockedVisitorKind,
  input: string,
): Promise<{ entry: BlockedVisitorView; created: boolean }> {
  const value = blockedValue(kind, input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${userId}::int, hashtext('blocked_visitors'))`);
    const [listed] = await tx
      .select()
      .from(blockedVisitors)
      .where(and(eq(blockedVisitors.userId, userId), eq(blockedVisitors.kind, kind), inArray(blockedVisitors.value, sameVisitor(kind, value))))
      .limit(1);
    if (listed) return { entry: toView(listed), created: false };
    const [size] = await tx.select({ n: count() }).from(blockedVisitors).where(eq(blockedVisitors.userId, userId));
    if ((size?.n ?? 0) >= MAX_BLOCKED_VISITORS) {
      throw new DomainError('block_list_full', `The block list already holds ${MAX_BLOCKED_VISITORS} entries.`);
    }
    const [row] = await tx.insert(blockedVisitors).values({ userId, kind, value }).returning();
    return { entry: toView(row!), created: true };
  });
}

/** Takes one entry off the caller's block list. */
export async function unblockVisitor(db: Database, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(blockedVisitors)
    .where(and(eq(blockedVisitors.userId, userId), eq(blockedVisitors.id, id)))
    .returning({ id: blockedVisitors.id });
  if (removed.length === 0) throw notFoundRow('blocked visitor');
}

/**
 * Whether the client blocked this number (with or without its leading plus) or this address
 * (in any spelling): visitor_blocked (migration 0014), which the Call now statement asks too.
 */
export async function isVisitorBlocked(db: Database, userId: number, visitor: { number: string; address: string }): Promise<boolean> {
  const { numberSpellings, address } = blockListKeys(visitor);
  const result = await db.execute(sql`select visitor_blocked(${userId}::integer, array(select jsonb_array_elements_text(${JSON.stringify(numberSpellings)}::jsonb)), ${address}::text) as blocked`);
  return (result as unknown as { rows: { blocked: boolean }[] }).rows[0]!.blocked === true;
}

/** What the block list compares of a visitor: the number's spellings and the canonical address (null for none). */
export function blockListKeys(visitor: { number: string; address: string }): { numberSpellings: readonly string[]; address: string | null } {
  return { numberSpellings: numberSpellings(visitor.number), address: canonicalAddress(visitor.address) };
}
