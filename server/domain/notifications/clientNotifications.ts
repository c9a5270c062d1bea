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
import { payments } from '../../db/schema/billing.ts';
import { widgets } from '../../db/schema/toolbox.ts';
import { type CallDestinations, callDestinationsOf, isCallable, normalizeNumber } from '../callEngine/callDestinations.ts';
import { hitRateLimit, type RateLimit } from '../limits/rateLimits.ts';
import { escapeHtml } from '../users/accountMails.ts';

/** What a notification is about: a call (requested, missed) or a scheduled callback. */
export type NotificationSubject = { callId: number } | { scheduledCallId: number };

/**
 * Queues the notifications a widget's setting asks for (spec §3 Widget notifications: an e-mail
 * address and a phone number, each while active) about an event, inside the event's own
 * transaction: one statement (queue_client_notifications, for one event of
 * queue_client_notifications_for, migration 0015, which the Call now statement runs for a crowd's
 * calls at once), which reads the setting as it is when the event happens. The
 * notifications worker sends them (workers/notificationsWorker.ts).
 */
export async function queueNotifications(tx: Database, widgetId: number, event: NotificationEvent, subject: NotificationSubject): Promise<void> {
  const callId = 'callId' in subject ? subject.callId : null;
  const scheduledCallId = 'scheduledCallId' in subject ? subject.scheduledCallId : null;
  await tx.execute(sql`select queue_client_notifications(${widgetId}::integer, ${event}::text, ${callId}::integer, ${scheduledCallId}::integer)`);
}

/**
 * How many notifications go out per channel in an hour, counted in the database across
 * instances (domain/limits/rateLimits.ts): per account, and per recipient whatever the accounts
 * naming it. A widget's notification address is whatever its client typed and visitors set off
 * the events, so neither may turn the service into a relay of mail or of costly text messages
 * to someone else (with notificationRefusal's other rules). Past a limit, notifications are
 * dropped, each with the reason.
 */
export const NOTIFICATION_LIMITS: Record<NotificationChannel, { perAccount: RateLimit; perRecipient: RateLimit }> = {
  email: {
    perAccount: { name: 'notifications-email', max: 200, windowSeconds: 3600 },
    perRecipient: { name: 'notifications-email-to', max: 60, windowSeconds: 3600 },
  },
  text: {
    perAccount: { name: 'notifications-text', max: 50, windowSeconds: 3600 },
    perRecipient: { name: 'notifications-text-to', max: 20, windowSeconds: 3600 },
  },
};

/**
 * The visitor's text after a missed call (issue 18) has limits of its own, per account and per
 * recipient across every account, a day: its words are the client's, and a client who keeps its
 * agents away must not turn missed calls into a text relay to numbers typed on its widget.
 */
export const VISITOR_TEXT_LIMITS: { perAccount: RateLimit; perRecipient: RateLimit } = {
  perAccount: { name: 'visitor-texts', max: 100, windowSeconds: 86_400 },
  perRecipient: { name: 'visitor-texts-to', max: 3, windowSeconds: 86_400 },
};

/** What a notification says: read when it is sent, so a missed call's outcome is the final one. */
interface NotificationDetails {
  userId: number;
  /** The account's own e-mail address and phone number, which it may always be notified at. */
  accountEmail: string;
  accountPhone: string;
  /** Whether the account ever paid (a successful payment): only then may others be notified. */
  hasPaid: boolean;
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
  /** The words of a missed_call_text. */
  body: string | null;
  /** The missed call's recovery: the visitor was texted, a callback is due then. */
  textedVisitor: boolean;
  callbackAt: Date | null;
}

/** Reads what a notification row needs to be written; undefined when its call is gone. */
export async function loadNotificationDetails(db: Database, notificationId: number): Promise<NotificationDetails | undefined> {
  const [row] = await db
    .select({
      userId: clientNotifications.userId,
      accountEmail: users.email,
      accountPhone: users.phone,
      hasPaid: sql<boolean>`exists (select 1 from ${payments} where ${payments.userId} = ${users.id} and ${payments.status} = 'successful')`,
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
      body: clientNotifications.body,
      // What the call's recovery did (issue 18), for the missed-call notification.
      textedVisitor: sql<boolean>`exists (select 1 from ${clientNotifications} texted where texted.call_id = ${clientNotifications.callId} and texted.event = 'missed_call_text' and texted.failed_at is null)`,
      callbackAt: sql<Date | null>`(select min(${scheduledCalls.scheduledAt}) from ${scheduledCalls} where ${scheduledCalls.recoversCallId} = ${clientNotifications.callId} and ${scheduledCalls.status} in ('pending', 'in-progress', 'completed'))`.mapWith(scheduledCalls.scheduledAt),
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
    accountEmail: row.accountEmail,
    accountPhone: row.accountPhone,
    hasPaid: row.hasPaid,
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
    body: row.body,
    textedVisitor: row.textedVisitor,
    callbackAt: row.callbackAt,
  };
}

const HEADLINES: Record<NotificationEvent, string> = {
  call_requested: 'New call request',
  callback_scheduled: 'Callback scheduled',
  call_missed: 'Missed call',
  missed_call_text: 'Text to the visitor of a missed call',
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
    ...(details.event === 'call_missed' && details.textedVisitor ? ['The visitor was sent a text message.'] : []),
    ...(details.event === 'call_missed' && details.callbackAt ? [`A callback is scheduled at ${formatInTimeZone(details.callbackAt, details.timeZone, 'yyyy-MM-dd HH:mm zzz')}.`] : []),
  ];
}

/** Whether a notification goes to the account itself: its own e-mail address, or its own phone number. */
function toTheAccount(details: NotificationDetails): boolean {
  if (details.channel === 'email') return details.to.toLowerCase() === details.accountEmail.toLowerCase();
  const home = details.destinations.homeCountry;
  return isCallable(details.to, details.destinations) && normalizeNumber(details.to, home) === normalizeNumber(details.accountPhone, home);
}

/**
 * Why a notification must not go out, if it must not, checked before its first attempt:
 * - a text to a number outside the account's call destinations (the visitor's text after a
 *   missed call: to any other number than his call's);
 * - anyone but the account itself while the account has never paid (as a trial telephony
 *   account may only text its own verified numbers): a free account cannot relay to strangers;
 * - past the hourly limits (NOTIFICATION_LIMITS), which this check counts.
 */
export async function notificationRefusal(db: Database, details: NotificationDetails, now: Date): Promise<string | undefined> {
  // The visitor's text goes to the number his call went to, checked when he asked for it.
  if (details.event === 'missed_call_text' ? details.to !== details.customerNumber : details.channel === 'text' && !isCallable(details.to, details.destinations)) {
    return "the number is outside the account's call destinations";
  }
  if (!details.hasPaid && !toTheAccount(details)) return 'notifications to others than the account itself start once it has bought credits';
  const limits = details.event === 'missed_call_text' ? VISITOR_TEXT_LIMITS : NOTIFICATION_LIMITS[details.channel];
  const recipient = details.channel === 'email' ? details.to.toLowerCase() : normalizeNumber(details.to, details.destinations.homeCountry);
  const byAccount = await hitRateLimit(db, limits.perAccount, String(details.userId), now);
  const byRecipient = byAccount.allowed ? await hitRateLimit(db, limits.perRecipient, recipient, now) : byAccount;
  const channel = details.channel === 'email' ? 'e-mail' : 'text message';
  const per = limits.perAccount.windowSeconds === 3600 ? 'an hour' : 'a day';
  if (!byAccount.allowed) return `over the limit of ${limits.perAccount.max} notifications by ${channel} ${per} for the account`;
  if (!byRecipient.allowed) return `over the limit of ${limits.perRecipient.max} notifications by ${channel} ${per} to one recipient`;
  return undefined;
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

/**
 * The text message of a notification: one segment of facts the service wrote itself (what
 * happened, the visitor's number as checked, when) and the link. Nothing a visitor or a widget
 * typed goes into a text: the e-mail carries the page and the custom fields.
 */
export function notificationText(details: NotificationDetails, publicUrl: string): TextMessage {
  // The visitor's text after a missed call (issue 18): the widget's words, to the visitor's number.
  if (details.event === 'missed_call_text') return { to: normalizeNumber(details.to, details.destinations.homeCountry), from: details.serviceNumber, body: details.body ?? '' };
  const when = formatInTimeZone(details.at, details.timeZone, 'MMM d HH:mm');
  const body = `${HEADLINES[details.event]}: ${details.customerNumber}, ${when}. ${linkOf(details, publicUrl)}`;
  return { to: normalizeNumber(details.to, details.destinations.homeCountry), from: details.serviceNumber, body };
}
