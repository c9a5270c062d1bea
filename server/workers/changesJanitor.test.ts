import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callChanges } from '../db/schema/calls.ts';
import { toolboxChanges } from '../db/schema/widgetApi.ts';
import { widgets } from '../db/schema/toolbox.ts';
import { CHANGES_RETENTION_MS } from '../domain/changes/changeRows.ts';
import { accountWithWidget } from '../test/callTestKit.ts';
import { insertCall } from '../test/callFixtures.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { ChangesJanitor } from './changesJanitor.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the changes janitor (issue 17)', () => {
  it('deletes the rows of both changes tables once they are past CHANGES_RETENTION_MS, not before', async () => {
    const setup = await accountWithWidget(server.db);
    await server.db.update(widgets).set({ isActive: false }).where(eq(widgets.id, setup.widgetId));
    const [widget] = await server.db.select().from(widgets).where(eq(widgets.id, setup.widgetId));
    await insertCall(server.db, { userId: setup.userId, widget: { id: widget!.id, websiteId: widget!.websiteId, name: widget!.name, typeId: widget!.typeId } });
    const rows = async () => ({
      toolbox: (await server.db.select().from(toolboxChanges).where(eq(toolboxChanges.userId, setup.userId))).length,
      calls: (await server.db.select().from(callChanges).where(eq(callChanges.userId, setup.userId))).length,
    });
    const written = await rows();
    expect(written.toolbox).toBeGreaterThan(0);
    expect(written.calls).toBeGreaterThan(0);

    let now = Date.now() + CHANGES_RETENTION_MS - 60_000;
    const janitor = new ChangesJanitor({ db: server.db, now: () => now });
    await janitor.runOnce();
    expect(await rows()).toEqual(written);
    now += 2 * 60_000;
    await janitor.runOnce();
    expect(await rows()).toEqual({ toolbox: 0, calls: 0 });
  });
});
