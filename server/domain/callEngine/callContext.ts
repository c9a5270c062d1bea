import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { TWILIO_NUMBERS } from '../../db/referenceData.ts';
import { users } from '../../db/schema/accounts.ts';
import { credits } from '../../db/schema/billing.ts';
import { twilioNumbers } from '../../db/schema/reference.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { availableCreditsSql } from '../credits/reservations.ts';

/** What requesting or placing a call reads about its widget and account, in one query. */
export interface CallContext {
  widget: { id: number; name: string; typeId: number; isActive: boolean; settings: Record<string, unknown> };
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

/**
 * The widget of this account (and website, when given) with its account's time zone, service
 * number, available credits and call destinations; undefined when there is no such widget. The
 * Call now and Schedule requests and the callback worker read it the same way.
 */
export async function loadCallContext(db: Database, key: { userId: number; widgetId: number; websiteId?: number | null }): Promise<CallContext | undefined> {
  const [row] = await db
    .select({
      widget: { id: widgets.id, name: widgets.name, typeId: widgets.typeId, isActive: widgets.isActive, settings: widgets.settings },
      timeZone: users.timezone,
      serviceNumber: twilioNumbers.number,
      deletedAt: users.deletedAt,
      available: availableCreditsSql,
      overdraft: credits.overdraft,
      accountPhone: users.phone,
      callCountries: users.callCountries,
    })
    .from(widgets)
    .innerJoin(users, eq(users.id, widgets.userId))
    .leftJoin(twilioNumbers, eq(twilioNumbers.id, users.twilioNumberId))
    .leftJoin(credits, eq(credits.userId, widgets.userId))
    .where(
      and(
        eq(widgets.id, key.widgetId),
        eq(widgets.userId, key.userId),
        key.websiteId === undefined || key.websiteId === null ? undefined : eq(widgets.websiteId, key.websiteId),
      ),
    );
  if (!row) return undefined;
  return {
    widget: row.widget,
    accountDeleted: row.deletedAt !== null,
    timeZone: row.timeZone,
    serviceNumber: row.serviceNumber ?? TWILIO_NUMBERS[0]!.number,
    available: row.available ?? 0,
    overdraft: row.overdraft ?? 0,
    accountPhone: row.accountPhone,
    callCountries: row.callCountries,
  };
}
