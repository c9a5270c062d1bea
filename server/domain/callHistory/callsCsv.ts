import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trafficSources } from '../../db/schema/analytics.ts';
import { callRecordings, calls } from '../../db/schema/calls.ts';
import { widgetTypes } from '../../db/schema/reference.ts';
import { websites } from '../../db/schema/toolbox.ts';
import { type CallFilters, type CallStatus, callConditions } from './callFilters.ts';
import { recordingPath } from './callView.ts';

/** The Calls History columns, in the screen's order (spec §2 Calls History). */
export const CALLS_CSV_HEADER = [
  'Call ID',
  'Recording',
  'Duration',
  'Website',
  'Call request URL',
  'Type',
  'Widget Type',
  'Widget Name',
  'Date/Time',
  'Customer Number',
  'Called from',
  'Agent Number',
  'Status',
  'Custom Field #1',
  'Custom Field #2',
  'Custom Field #3',
  // Where the call came from (issue 20): the visitor's first-touch source; empty when the widget told none.
  'Source',
  'Medium',
  'Campaign',
  'Landing page',
  // Issue 21: a test call the client placed ("Call me now"), Yes or empty.
  'Test call',
] as const;

/** Rows fetched per query: memory stays flat whatever the export's size. */
export const CALLS_CSV_BATCH_SIZE = 2_000;

/** spec §4 Call statuses, as the screen names them. */
const STATUS_LABELS: Record<CallStatus, string> = {
  successful: 'Received',
  missed: 'Missed',
  busy: 'Busy Line',
  'no-answer': 'No Answer',
};

export interface CallsCsvOptions {
  /** Makes the Recording column an absolute URL. */
  publicUrl: string;
  /** The caller's IANA time zone: Date/Time shows as on screen (spec §9). */
  timezone: string;
  batchSize?: number;
}

/**
 * Every call of the caller matching `filters`, newest first, as a CSV stream (spec §7 GET
 * /client/calls/csv): a header row, then one record per call, RFC 4180 quoting, CRLF line ends.
 * Rows are read in keyset batches — (createdAt, id) below the last row sent — so memory stays
 * constant and a batch never re-reads the rows before it, on PGlite and PostgreSQL alike.
 */
export function callsCsvStream(db: Database, userId: number, filters: CallFilters, options: CallsCsvOptions): Readable {
  const records = Readable.from(callCsvRecords(db, userId, filters, options));
  const csv = stringify({ header: true, columns: [...CALLS_CSV_HEADER], record_delimiter: 'windows' });
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}

async function* callCsvRecords(db: Database, userId: number, filters: CallFilters, options: CallsCsvOptions): AsyncGenerator<string[]> {
  const batchSize = options.batchSize ?? CALLS_CSV_BATCH_SIZE;
  const typeNames = new Map((await db.select().from(widgetTypes)).map((type) => [type.id, type.name]));
  const formatDateTime = dateTimeFormatter(options.timezone);
  const where = callConditions(userId, filters);
  let after: { createdAt: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: calls.id,
        // Text keeps PostgreSQL's microseconds; a JS Date would round them and skip rows.
        cursorAt: sql<string>`${calls.createdAt}::text`,
        createdAt: calls.createdAt,
        convertId: calls.convertId,
        duration: calls.duration,
        domain: websites.domain,
        url: calls.url,
        type: calls.type,
        widgetTypeId: calls.widgetTypeId,
        widgetName: calls.widgetName,
        customerNumber: calls.customerNumber,
        geolocation: calls.geolocation,
        agentNumber: calls.agentNumber,
        status: calls.status,
        customFields: calls.customFields,
        recordingId: callRecordings.id,
        source: trafficSources.source,
        medium: trafficSources.medium,
        campaign: trafficSources.campaign,
        landingPage: calls.landingPage,
        isTest: calls.isTest,
      })
      .from(calls)
      .leftJoin(websites, eq(websites.id, calls.websiteId))
      .leftJoin(trafficSources, eq(trafficSources.id, calls.trafficSourceId))
      .leftJoin(callRecordings, eq(callRecordings.callId, calls.id))
      .where(after ? and(where, sql`(${calls.createdAt}, ${calls.id}) < (${after.createdAt}::timestamptz, ${after.id})`) : where)
      .orderBy(desc(calls.createdAt), desc(calls.id))
      .limit(batchSize);
    for (const row of rows) {
      const geolocation = row.geolocation ?? {};
      yield [
        row.convertId,
        row.recordingId === null ? '' : `${options.publicUrl}${recordingPath(row.id)}`,
        formatDuration(row.duration),
        text(row.domain),
        text(row.url),
        row.type === 'instant' ? 'Instant' : 'Scheduled',
        typeNames.get(row.widgetTypeId) ?? '',
        text(row.widgetName),
        formatDateTime(row.createdAt),
        row.customerNumber,
        text([geolocation.country, geolocation.region, geolocation.city].filter(Boolean).join(', ')),
        row.agentNumber ?? '',
        STATUS_LABELS[row.status],
        text(row.customFields.customField1),
        text(row.customFields.customField2),
        text(row.customFields.customField3),
        // A visitor wrote these (UTM parameters): text() keeps a spreadsheet from running them.
        text(row.source),
        text(row.medium),
        text(row.campaign),
        text(row.landingPage),
        row.isTest ? 'Yes' : '',
      ];
    }
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}

/** spec §9 Display: duration mm:ss. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** spec §9 Display: MM/dd/yyyy - hh:mm a in the user's time zone. One Intl formatter per export: fast. */
export function dateTimeFormatter(timezone: string): (instant: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  });
  return (instant) => format.format(instant).replace(', ', ' - ');
}

/**
 * Free text a visitor or client typed. A cell starting with = + - @ (or a tab or carriage
 * return) would run as a formula in a spreadsheet (OWASP "CSV Injection"): a leading
 * apostrophe makes it plain text.
 */
function text(value: string | null | undefined): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
