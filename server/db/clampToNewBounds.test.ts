import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_COUNT_BOUNDS } from '../../common/rules/widgetDefaults.ts';
import { widgets } from './schema/toolbox.ts';
import { callLimits } from './schema/widgetApi.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { addWebsite, addWidget, expectStatus, signedInClient, widgetBody } from '../test/toolbox.ts';

// Migration 0008: widgets stored before the counts had bounds are lowered to them, so they can
// be saved again (every save sends the widget whole, and the contract now refuses larger counts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const migration = readFileSync(new URL('./migrations/0008_clamp_to_new_bounds.sql', import.meta.url), 'utf8');

describe('migration 0008_clamp_to_new_bounds', () => {
  it('lowers a per-widget call limit above the account\'s to it, and leaves the others', async () => {
    const [above, within] = [await signedInClient(server), await signedInClient(server)];
    await server.db.insert(callLimits).values([
      { userId: above.userId, perWidget: 50, perAccount: 30 },
      { userId: within.userId, perWidget: 10, perAccount: 30 },
    ]);
    for (const statement of migration.split('--> statement-breakpoint')) await server.db.execute(sql.raw(statement));
    const rows = await server.db.select().from(callLimits);
    expect(rows.find((row) => row.userId === above.userId)).toMatchObject({ perWidget: 30, perAccount: 30 });
    expect(rows.find((row) => row.userId === within.userId)).toMatchObject({ perWidget: 10, perAccount: 30 });
  });

  it('lowers counts above their bounds, leaves the rest and nulls alone; the widget saves again', async () => {
    const client = await signedInClient(server);
    const website = await addWebsite(client, `clamp-${client.userId}.example.com`);
    const body = widgetBody(website.id, { typeId: 2 });
    const widget = await addWidget(client, body);
    const [stored] = await server.db.select({ settings: widgets.settings }).from(widgets).where(eq(widgets.id, widget.id));
    const general = (stored!.settings as { settings: Record<string, unknown> }).settings;
    // As an older version could store them.
    const old = { ...stored!.settings, settings: { ...general, numberOfTries: 40, minutesBetweenTries: 5, showsAfter: 100_000, repeatAfter: null, displaysPerVisit: 3 } };
    await server.db.update(widgets).set({ settings: old }).where(eq(widgets.id, widget.id));

    for (const statement of migration.split('--> statement-breakpoint')) await server.db.execute(sql.raw(statement));

    const [after] = await server.db.select({ settings: widgets.settings }).from(widgets).where(eq(widgets.id, widget.id));
    expect((after!.settings as { settings: Record<string, unknown> }).settings).toMatchObject({
      numberOfTries: WIDGET_COUNT_BOUNDS.numberOfTries - 1,
      minutesBetweenTries: 5,
      showsAfter: WIDGET_COUNT_BOUNDS.showsAfter - 1,
      repeatAfter: null,
      displaysPerVisit: 3,
    });
    const listed = expectStatus(await client.call({ method: 'GET', url: '/api/client/widgets' }), 200).data.find((w: { id: number }) => w.id === widget.id);
    const { id: _id, widgetType: _t, websiteUrl: _u, callingRule: _c, agents: _a, createdAt: _cr, updatedAt: _up, ...input } = listed;
    expectStatus(await client.call({ method: 'PUT', url: `/api/client/widgets/${widget.id}`, body: { ...input, settings: { ...input.settings, settings: { ...input.settings.settings, repeatAfter: 120 } } } }), 200);
  });
});
