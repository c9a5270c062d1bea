import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookEndpoint } from '../domain/webhooks/webhookEndpoints.ts';
import { createAccount } from '../test/accounts.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { webhookDeliveries, webhookEvents } from './schema/webhooks.ts';

// Migration 0020: the deliveries logged before the codes get theirs from the English sentences
// the worker wrote then, so the dashboard can translate them; a free-form network error keeps none.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const migration = readFileSync(new URL('./migrations/0020_webhook_delivery_error_codes.sql', import.meta.url), 'utf8');
/** The backfill alone: the column itself is there already (the test server migrated). */
const backfill = migration.split('--> statement-breakpoint').slice(1);

describe('migration 0020_webhook_delivery_error_codes', () => {
  it('gives the logged failures the codes of their sentences, and nothing to successes, untried or unknown errors', async () => {
    const account = await createAccount(server.db);
    const endpoint = await createWebhookEndpoint(server.db, account.id, { url: 'https://crm.example.com/hooks', events: ['call.requested'] }, { allowLoopback: false });
    const logged = [
      { status: 'pending', responseCode: null, lastError: null, expected: null },
      { status: 'succeeded', responseCode: 200, lastError: null, expected: null },
      { status: 'pending', responseCode: 500, lastError: null, expected: 'http_status' },
      { status: 'failed', responseCode: 503, lastError: null, expected: 'http_status' },
      { status: 'failed', responseCode: 503, lastError: 'not delivered within 24 hours', expected: 'expired' },
      { status: 'failed', responseCode: null, lastError: "the event's object no longer exists", expected: 'object_gone' },
      { status: 'pending', responseCode: 302, lastError: 'redirect not followed', expected: 'redirect' },
      { status: 'pending', responseCode: null, lastError: 'no answer within 10 s', expected: 'timeout' },
      { status: 'pending', responseCode: null, lastError: 'the address of hooks.example.com is not public', expected: 'address_refused' },
      { status: 'pending', responseCode: 200, lastError: 'the answer was cut off', expected: 'connection_failed' },
      { status: 'pending', responseCode: null, lastError: 'The URL must start with https://.', expected: 'url_scheme_https' },
      { status: 'pending', responseCode: null, lastError: 'The URL must not point to a private, loopback or link-local address.', expected: 'url_private_or_loopback_address' },
      { status: 'pending', responseCode: null, lastError: 'connect ECONNREFUSED 93.184.215.14:443', expected: null },
    ] as const;
    const ids: number[] = [];
    for (const { status, responseCode, lastError } of logged) {
      const [event] = await server.db.insert(webhookEvents).values({ userId: account.id, type: 'webhook.test', subjectId: endpoint.id }).returning({ id: webhookEvents.id });
      const [row] = await server.db
        .insert(webhookDeliveries)
        .values({ eventId: event!.id, endpointId: endpoint.id, status, responseCode, lastError })
        .returning({ id: webhookDeliveries.id });
      ids.push(row!.id);
    }
    for (const statement of backfill) await server.db.execute(sql.raw(statement));
    const rows = await server.db
      .select({ id: webhookDeliveries.id, errorCode: webhookDeliveries.errorCode })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const codes = ids.map((id) => rows.find((row) => row.id === id)?.errorCode);
    expect(codes).toEqual(logged.map(({ expected }) => expected));
  });
});
