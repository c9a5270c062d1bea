import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { GroupCommit } from '../../db/groupCommit.ts';
import { oncePerDatabase } from '../../db/prepared.ts';
import { TWILIO_NUMBERS } from '../../db/referenceData.ts';
import type { AvailabilityDay } from '../../db/schema/toolbox.ts';

/** What requesting or placing a call reads about its widget and account, in one statement (call_context). */
export interface CallContext {
  widget: {
    id: number;
    name: string;
    typeId: number;
    isActive: boolean;
    settings: Record<string, unknown>;
    callingRuleId: number | null;
  };
  /** The widget's agents in its order (what placing a call rings). */
  agents: PlacementAgent[];
  /** Whether the account may show its custom caller ID (users.displayCustomNumberToCustomers). */
  showsCustomNumber: boolean;
  accountDeleted: boolean;
  timeZone: string;
  /** The number calls come from (the account's Twilio number, else the first of the pool). */
  serviceNumber: string;
  /** The balance less the credits held by calls being placed (common/rules/credits.ts). */
  available: number;
  overdraft: number;
  /** The account's own phone number and the countries it lets visitors' numbers be in (callDestinations.ts). */
  accountPhone: string;
  callCountries: string[] | null;
}

/** A widget's agent as a placement reads it. */
export interface PlacementAgent {
  id: number;
  phone: string;
  isActive: boolean;
  availability: AvailabilityDay[];
}

/** call_context's answer (jsonb): the context, with the service number as the account has it. */
export type ContextAnswer = Omit<CallContext, 'serviceNumber'> & { serviceNumber: string | null };

/** The call context of call_context's answer. */
export function contextOf(answer: ContextAnswer | null): CallContext | undefined {
  if (!answer) return undefined;
  return { ...answer, available: Number(answer.available), overdraft: Number(answer.overdraft), serviceNumber: answer.serviceNumber ?? TWILIO_NUMBERS[0]!.number };
}

/** The website a widget key names, its account, and the call context of one of its widgets (undefined when it has no such widget). */
export interface KeyedCallContext {
  websiteId: number;
  userId: number;
  accountDeleted: boolean;
  context: CallContext | undefined;
}

/** What a Call now reads first (call_request_context): refused by the address's limit, or the website (null: unknown key). */
export type CallRequestContext = { limited: true; retryAfterSeconds: number } | { limited: false; website: KeyedCallContext | null };

/** What a Call now request reads first: its widget key and widget, and its address's limit (key, max, windowSeconds, at). */
export interface CallRequestKey {
  publicKey: string;
  widgetId: number;
  addressLimit: { key: string; max: number; windowSeconds: number; at: Date };
}

/**
 * What a Call now request reads, in one statement (issue 17): counts it against the visitor
 * address's limit (`addressLimit`: its counter key, limit and time) and, within it, reads the
 * website of a widget key, its account, and the widget's call context when the website has that
 * widget (call_request_context, migration 0014). The requests that come together are read
 * together (server/db/groupCommit.ts; call_request_contexts, migration 0015: each key and widget
 * once), whatever their website: one statement for a crowd on PGlite, and on PostgreSQL one
 * connection of the pool, whose transaction holds the addresses' counters (locked in the order
 * of their keys, so no cycle with another instance's batch) until the reads end, a few ms.
 */
export function loadCallRequestContext(db: Database, request: CallRequestKey, log: { warn(object: object, message?: string): void }): Promise<CallRequestContext> {
  return requestContexts(db).run('', request, (error, size) => log.warn({ err: error, requests: size }, 'calls: Call now requests read together failed; reading each alone'));
}

/** keyed_call_context's answer (jsonb). */
type KeyedContextAnswer = (Omit<KeyedCallContext, 'context'> & { context: ContextAnswer | null }) | null;

const keyedContextOf = (answer: KeyedContextAnswer): KeyedCallContext | null => answer && { ...answer, context: contextOf(answer.context) };

const limitOf = ({ key, max, windowSeconds, at }: CallRequestKey['addressLimit']) => ({ key, max, windowSeconds, at: at.toISOString() });

const requestContexts = oncePerDatabase(
  (db) =>
    new GroupCommit<CallRequestKey, CallRequestContext>({
      one: async (request) => {
        const limit = JSON.stringify(limitOf(request.addressLimit));
        const result = await db.execute(sql`select call_request_context(${request.publicKey}, ${request.widgetId}::integer, ${limit}::jsonb) as answer`);
        type Answer = { limited: true; retryAfterSeconds: number } | { limited: false; website: KeyedContextAnswer };
        const answer = (result as unknown as { rows: { answer: Answer }[] }).rows[0]!.answer;
        return answer.limited ? answer : { limited: false, website: keyedContextOf(answer.website) };
      },
      many: async (requests) => {
        const batch = JSON.stringify(requests.map(({ publicKey, widgetId, addressLimit }) => ({ publicKey, widgetId, addressLimit: limitOf(addressLimit) })));
        const result = await db.execute(sql`select call_request_contexts(${batch}::jsonb) as answer`);
        type Answer = { answers: ({ limited: true; retryAfterSeconds: number } | { limited: false; website: string })[]; websites: Record<string, KeyedContextAnswer> };
        const { answers, websites } = (result as unknown as { rows: { answer: Answer }[] }).rows[0]!.answer;
        // Each website and context read once is shared by the requests that named it (read-only).
        const read = new Map<string, KeyedCallContext | null>();
        return answers.map((answer) => {
          if (answer.limited) return answer;
          if (!read.has(answer.website)) read.set(answer.website, keyedContextOf(websites[answer.website] ?? null));
          return { limited: false, website: read.get(answer.website) ?? null };
        });
      },
    }),
);

/**
 * The widget of this account (and website, when given) with its settings and agents, its
 * account's time zone, numbers, call destinations and caller ID permission, the service number
 * and the available credits; undefined when there is no such widget. The Call now and Schedule
 * requests, the callback worker and the placement of a call just accepted read it the same way:
 * call_context (migration 0014), a function so that its plan is made once per connection.
 */
export async function loadCallContext(db: Database, key: { userId: number; widgetId: number; websiteId?: number | null }): Promise<CallContext | undefined> {
  const result = await db.execute(sql`select call_context(${key.userId}::integer, ${key.widgetId}::integer, ${key.websiteId ?? null}::integer) as answer`);
  return contextOf((result as unknown as { rows: { answer: ContextAnswer | null }[] }).rows[0]!.answer);
}
