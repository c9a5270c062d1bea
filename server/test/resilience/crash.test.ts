// Crash safety (issue 8, Resilience): the real server, as a child process, killed with SIGKILL
// while it seeds the demo account and while it takes payments and saves widgets; each time it
// must restart on the same data with nothing half-written (invariants.ts). On PGlite this also
// shows that its data directory recovers from a kill (it is PostgreSQL with its WAL underneath);
// with DATABASE_URL (`npm run test:pg`) the child runs on a fresh database of that server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrashStore, startServer, type CrashStore, type ServerProcess } from './crashedServer.ts';
import { checkStore, NOTHING_WRITTEN, type StoreState } from './invariants.ts';
import { writeUntilKilled } from './writer.ts';

const WRITE_KILLS = 2;

function randomMs(from: number, to: number): number {
  return Math.round(from + Math.random() * (to - from));
}

async function inspect(store: CrashStore): Promise<StoreState> {
  const handle = await store.open();
  if (!handle) return { ...NOTHING_WRITTEN, migrations: 'no database' };
  try {
    return await checkStore(handle.db);
  } finally {
    await handle.close();
  }
}

describe('a server killed with SIGKILL', () => {
  let store: CrashStore;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServer(store);
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    store = await createCrashStore();
  });
  afterAll(async () => {
    // A failed round leaves its server running.
    for (const server of servers) await server.kill();
    await store?.remove();
  });

  it('restarts on the same data with nothing half-written', { timeout: 600_000 }, async () => {
    const started = Date.now();
    // Printed as it happens: on a loaded machine a round can take a while.
    const log = (line: string) => console.log(`crash safety on ${store.engine}, ${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`);

    // First start on an empty store: killed during migrations or right at the start of the
    // demo seed (whichever comes first), then during the seed. The adapters announce themselves
    // once migrations are done; the seed follows.
    const migrated = /"msg":"telephony: /;
    for (const phase of ['migrations', 'seed'] as const) {
      const server = await start();
      const after = phase === 'migrations' ? randomMs(500, 6_000) : randomMs(0, 2_000);
      if (phase === 'migrations') await Promise.race([server.logged(migrated), new Promise((resolve) => setTimeout(resolve, after))]);
      else await server.logged(migrated).then(() => new Promise((resolve) => setTimeout(resolve, after)));
      await server.kill();
      const reached = migrated.test(server.output()) ? 'after migrations' : 'before the end of migrations';
      const state = await inspect(store);
      log(`start killed ${reached} (+${after} ms): migrations ${state.migrations}, demo ${state.demo}`);
    }
    // Writes, killed at random points.
    let previous: StoreState | null = null;
    for (let round = 1; round <= WRITE_KILLS; round += 1) {
      const server = await start();
      await server.healthy();
      const writer = await writeUntilKilled(server.url);
      await writer.ready;
      const after = randomMs(100, 1_500);
      await new Promise((resolve) => setTimeout(resolve, after));
      await server.kill();
      const writes = await writer.done;
      const state = await inspect(store);
      expect(state.demo, 'the demo account, seeded whole on a restart').toBe('complete');
      log(
        `writes killed after ${after} ms (${writes.payments} payments and ${writes.widgetSaves} widget saves answered): ` +
          `${state.successfulPayments} successful payments, ${state.crashWidgets} widgets kept`,
      );
      // Answered writes are durable: nothing acknowledged is lost by the kill.
      if (previous) {
        expect(state.successfulPayments).toBeGreaterThanOrEqual(previous.successfulPayments + writes.payments);
        expect(state.crashWidgets).toBeGreaterThanOrEqual(previous.crashWidgets);
      }
      previous = state;
    }

    // A last start on the data of all those kills serves again.
    const server = await start();
    await server.healthy();
    await server.kill();
    const final = await inspect(store);
    log(`restarted and served after every kill: ${final.successfulPayments} successful payments, ${final.crashWidgets} widgets`);
    expect(final.successfulPayments, 'payments were written').toBeGreaterThan(0);
    expect(final.crashWidgets, 'widgets were written').toBeGreaterThan(0);
  });
});
