import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNotifications } from '../../../common/rules/widgetDefaults.ts';
import { agents, websites, widgetAgents, widgets } from '../../db/schema/toolbox.ts';
import { users } from '../../db/schema/accounts.ts';
import { accountWithWidget } from '../../test/callTestKit.ts';
import { signIn } from '../../test/accounts.ts';
import { startTestServer, type TestApp, type TestServer } from '../../test/harness.ts';
import { WidgetListCache } from './widgetListCache.ts';

// Issue 17: the widgets list kept as its answer, read again as soon as anything it shows changes,
// however the change is made. On PGlite and, under `npm run test:pg`, on PostgreSQL.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the widget list cache', () => {
  it('serializes the list once while nothing changes, and again after any change to what it shows', async () => {
    const setup = await accountWithWidget(server.db, { useAgents: true, agents: [{ phone: '+14155550201' }] });
    const cache = new WidgetListCache();
    let serialized = 0;
    const body = async () =>
      (
        await cache.body(server.db, setup.userId, (list) => {
          serialized += 1;
          return JSON.stringify(list);
        })
      ).body;
    const first = await body();
    expect(await body()).toBe(first);
    expect(serialized).toBe(1);

    const changes: [string, () => Promise<unknown>, (list: { data: { name: string; websiteUrl: string; agents: { name: string }[] }[] }) => void][] = [
      ['the widget renamed', () => server.db.update(widgets).set({ name: 'Renamed' }).where(eq(widgets.id, setup.widgetId)), (list) => expect(list.data[0]!.name).toBe('Renamed')],
      ['its agent renamed', () => server.db.update(agents).set({ name: 'Ann' }).where(eq(agents.id, setup.agentIds[0]!)), (list) => expect(list.data[0]!.agents[0]!.name).toBe('Ann')],
      ['the website renamed', () => server.db.update(websites).set({ domain: 'renamed.example' }).where(eq(websites.id, setup.websiteId)), (list) => expect(list.data[0]!.websiteUrl).toBe('renamed.example')],
      [
        'its agent link moved, and nothing else',
        () => server.db.update(widgetAgents).set({ position: 7 }).where(eq(widgetAgents.widgetId, setup.widgetId)),
        (list) => expect(list.data[0]!.agents).toHaveLength(1),
      ],
      ['its agent deleted', () => server.db.delete(agents).where(eq(agents.id, setup.agentIds[0]!)), (list) => expect(list.data[0]!.agents).toEqual([])],
      ['the widget deleted', () => server.db.delete(widgets).where(eq(widgets.id, setup.widgetId)), (list) => expect(list.data).toEqual([])],
    ];
    for (const [change, make, expectAfter] of changes) {
      const before = serialized;
      await make();
      expectAfter(JSON.parse(await body()));
      expect(serialized, change).toBe(before + 1);
    }
  });

  it('keeps another account\'s list when one account changes', async () => {
    const [one, two] = [await accountWithWidget(server.db), await accountWithWidget(server.db)];
    const cache = new WidgetListCache();
    let serialized = 0;
    const body = (userId: number) => cache.body(server.db, userId, (list) => (serialized++, JSON.stringify(list)));
    await body(one.userId);
    await body(two.userId);
    await server.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, one.userId));
    await body(one.userId);
    await body(two.userId);
    expect(serialized).toBe(3);
  });

  it('answers GET /client/widgets with the change made on another instance', async () => {
    const setup = await accountWithWidget(server.db);
    // The call test kit's widget carries no notifications; the contract's list answer needs them.
    await server.db.update(widgets).set({ notifications: defaultNotifications() as unknown as Record<string, unknown> }).where(eq(widgets.id, setup.widgetId));
    const other = await server.variant({});
    const tokens = await signIn(server, setup.account.email, setup.account.password);
    const list = async (app: TestApp) => {
      const response = await app.request({ method: 'GET', url: '/api/client/widgets', token: tokens.accessToken });
      expect(response.status, response.text).toBe(200);
      return response.body as { data: { name: string }[] };
    };
    expect((await list(server)).data[0]!.name).toBe('Floating icon');
    expect((await list(other)).data[0]!.name).toBe('Floating icon');
    await server.db.update(widgets).set({ name: 'Seen everywhere' }).where(eq(widgets.id, setup.widgetId));
    expect((await list(server)).data[0]!.name).toBe('Seen everywhere');
    expect((await list(other)).data[0]!.name).toBe('Seen everywhere');
  });
});
