import { formatInTimeZone } from 'date-fns-tz';
import { eq, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/mail.ts';
import type { TextMessage } from '../../adapters/texts/texts.ts';
import type { Database } from '../../db/client.ts';
import { TWILIO_NUMBERS } from '../../db/referenceData.ts';
import { users } from '../../db/schema/accounts.ts';
import { calls, type CustomFields, scheduledCalls } from '../../db/schema/calls.ts';
import { clientNotifications, type NotificationChannel, type NotificationEvent } from '../../db/schema/notifications.ts';
import { twilioNumbers } from '../../db/schema/reference.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { type CallDestinations, callDestinationsOf, isCallable, normalizeNumber } from '../callEngine/callDestinations.ts';
import { hitRateLimit, type RateLimit } from '../limits/rateLimits.ts';
import { escapeHtml } from '../users/accountMails.ts';

/** What a notification is about: a call (requested, missed) or a scheduled callback. */
export type NotificationSubject = { callId: number } | { scheduledCallId: number };

/**
 * Queues the notifications a widget's setting asks for (spec §3 Widget notifications: an e-mail
 * address and a phone number, each while active) about an event, inside the event's own
 * transaction: one statement, which reads the setting as it is when the event happens. The
 * notifications worker sends them (workers/notificationsWorker.ts).
 */
export async function queueNotifications(tx: Database, widgetId: number, event: NotificationEvent, subject: NotificationSubject): Promise<void> {
  const callId = 'callId' in subject ? subject.callId : null;
  const scheduledCallId = 'scheduledCallId' in subject ? subject.scheduledCallId : null;
  await tx.execute(sql`
    insert into ${clientNotifications} (user_id, event, channel, "to", call_id, scheduled_call_id)
    select w.user_id, ${event}, c.channel, btrim(c.setting->>'value'), ${callId}::integer, ${scheduledCallId}::integer
    from ${widgets} w,
      lateral (values ('email', w.notifications->'email'), ('text', w.notifications->'phoneNumber')) as c(channel, setting)
    where w.id = ${widgetId}
      and (c.setting->>'isActive')::boolean is true
      and coalesce(btrim(c.setting->>'value'), '') <> ''`);
}

/**
 * The most notifications an account is sent per channel in an hour, counted across instances
 * (domain/limits/rateLimits.ts): a widget's notification address is whatever its client typed,
 * and visitors set off the events, so neither may turn the service into a relay of mail or of
 * costly text messages to someone else. Past it, notifications are dropped (and say why).
 */
export const NOTIFICATION_LIMITS: Record<NotificationChannel, RateLimit> = {
  email: { name: 'notifications-email', max: 200, windowSeconds: 3600 },
  text: { name: 'notifications-text', max: 50, windowSeconds: 3600 },
};

/** What a notification says: read when it is sent, so a missed call's outcome is the final one. */
interface NotificationDetails {
  userId: number;
  /** Where texts may go: the account's call destinations (callDestinations.ts). */
  destinations: CallDestinations;
  event: NotificationEvent;
  channel: NotificationChannel;
  to: string;
  timeZone: string;
  /** The number text messages come from (the account's number calls come from). */
  serviceNumber: string;
  widgetName: string;
  customerNumber: string;
  url: string | null;
  customFields: CustomFields;
  /** The labels of the widget's custom fields (scheduleSetup.customFieldN.text), when it still exists. */
  fieldLabels: (string | undefined)[];
  websiteId: number | null;
  /** When the call was asked for, or when the callback is due. */
  at: Date;
  status: string | null;
}

/** Reads what a notification row needs to be written; undefined when its call is gone. */
export async function loadNotificationDetails(db: Database, notificationId: number): Promise<NotificationDetails | undefined> {
  const [row] = await db
    .select({
      userId: clientNotifications.userId,
      accountPhone: users.phone,
      callCountries: users.callCountries,
      event: clientNotifications.event,
      channel: clientNotifications.channel,
      to: clientNotifications.to,
      timeZone: users.timezone,
      serviceNumber: twilioNumbers.number,
      callWidgetName: calls.widgetName,
      widgetName: widgets.name,
      widgetSettings: widgets.settings,
      customerNumber: sql<string>`coalesce(${calls.customerNumber}, ${scheduledCalls.customerNumber})`,
      url: sql<string | null>`coalesce(${calls.url}, ${scheduledCalls.url})`,
      customFields: sql<CustomFields>`coalesce(${calls.customFields}, ${scheduledCalls.customFields})`,
      websiteId: sql<number | null>`coalesce(${calls.websiteId}, ${scheduledCalls.websiteId})`,
      at: sql<Date>`coalesce(${calls.createdAt}, ${scheduledCalls.scheduledAt})`.mapWith(calls.createdAt),
      status: calls.status,
    })
    .from(clientNotifications)
    .innerJoin(users, eq(users.id, clientNotifications.userId))
    .leftJoin(twilioNumbers, eq(twilioNumbers.id, users.twilioNumberId))
    .leftJoin(calls, eq(calls.id, clientNotifications.callId))
    .leftJoin(scheduledCalls, eq(scheduledCalls.id, clientNotifications.scheduledCallId))
    .leftJoin(widgets, sql`${widgets.id} = coalesce(${calls.widgetId}, ${scheduledCalls.widgetId})`)
    .where(eq(clientNotifications.id, notificationId));
  if (!row || row.customerNumber === null) return undefined;
  const scheduleSetup = (row.widgetSettings as { scheduleSetup?: Record<string, { isActive?: boolean; text?: string } | undefined> } | null)?.scheduleSetup;
  return {
    userId: row.userId,
    destinations: callDestinationsOf(row),
    event: row.event,
    channel: row.channel,
    to: row.to,
    timeZone: row.timeZone,
    serviceNumber: row.serviceNumber ?? TWILIO_NUMBERS[0]!.number,
    widgetName: row.callWidgetName ?? row.widgetName ?? '',
    customerNumber: row.customerNumber,
    url: row.url,
    customFields: row.customFields ?? {},
    fieldLabels: [1, 2, 3].map((n) => scheduleSetup?.[`customField${n}`]?.text || undefined),
    websiteId: row.websiteId,
    at: row.at,
    status: row.status,
  };
}

const HEADLINES: Record<NotificationEvent, string> = {
  call_requested: 'New call request',
  callback_scheduled: 'Callback scheduled',
  call_missed: 'Missed call',
};

/** What became of a missed call, in words (a Call's status). */
const MISSED_OUTCOMES: Record<string, string> = {
  missed: 'No agent answered.',
  busy: "The visitor's line was busy.",
  'no-answer': 'The visitor did not answer.',
};

/** Where the client sees it: the day's Calls History of the website, or Upcoming Calls. */
function linkOf(details: NotificationDetails, publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  if (details.event === 'callback_scheduled') return `${base}/upcoming-calls`;
  const day = formatInTimeZone(details.at, details.timeZone, 'yyyy-MM-dd');
  const website = details.websiteId === null ? '' : `&websiteId=${details.websiteId}`;
  return `${base}/calls?dateFrom=${day}&dateTo=${day}${website}`;
}

/** The notification's lines: who, where, when, what the visitor entered, and what came of it. */
function linesOf(details: NotificationDetails): string[] {
  const when = formatInTimeZone(details.at, details.timeZone, 'yyyy-MM-dd HH:mm zzz');
  const fields = ([1, 2, 3] as const).flatMap((n) => {
    const value = details.customFields[`customField${n}`];
    return value ? [`${details.fieldLabels[n - 1] ?? `Custom field ${n}`}: ${value}`] : [];
  });
  const outcome =
    details.event === 'call_requested'
      ? 'Your agents are being called now.'
      : details.event === 'callback_scheduled'
        ? `The visitor will be called at ${when}.`
        : (MISSED_OUTCOMES[details.status ?? ''] ?? 'The call did not connect.');
  return [
    `Visitor: ${details.customerNumber}`,
    `Widget: ${details.widgetName}`,
    ...(details.url ? [`Page: ${details.url}`] : []),
    `${details.event === 'callback_scheduled' ? 'Call at' : 'Time'}: ${when}`,
    ...fields,
    outcome,
  ];
}

/**
 * Why a notification must not go out, if it must not: a text to a number outside the account's
 * call destinations, or one past the account's hourly limit of its channel (counted here).
 */
export async function notificationRefusal(db: Database, details: NotificationDetails): Promise<string | undefined> {
  if (details.channel === 'text' && !isCallable(details.to, details.destinations)) return "the number is outside the account's call destinations";
  const limit = NOTIFICATION_LIMITS[details.channel];
  const verdict = await hitRateLimit(db, limit, String(details.userId));
  return verdict.allowed ? undefined : `over the limit of ${limit.max} notifications by ${details.channel === 'email' ? 'e-mail' : 'text message'} an hour`;
}

/** The e-mail of a notification. */
export function notificationMail(details: NotificationDetails, publicUrl: string): MailMessage {
  const link = linkOf(details, publicUrl);
  const lines = linesOf(details);
  const subject = `${HEADLINES[details.event]}: ${details.customerNumber} (${details.widgetName})`;
  return {
    to: details.to,
    subject,
    text: [...lines, '', `Open it in the dashboard: ${link}`].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p><a href="${escapeHtml(link)}">Open it in the dashboard</a></p>`,
  };
}

/** The longest text message Twilio sends (its limit on Body); a visitor's long answers are cut short. */
export const TEXT_MAX_CHARACTERS = 1600;

/** The text message of a notification: the same facts, within TEXT_MAX_CHARACTERS, the link last. */
export function notificationText(details: NotificationDetails, publicUrl: string): TextMessage {
  const link = linkOf(details, publicUrl);
  const facts = `${HEADLINES[details.event]}. ${linesOf(details).join(' ')}`;
  const room = TEXT_MAX_CHARACTERS - link.length - 1;
  const body = `${facts.length > room ? `${facts.slice(0, room - 1)}…` : facts} ${link}`;
  return { to: normalizeNumber(details.to, details.destinations.homeCountry), from: details.serviceNumber, body };
}
