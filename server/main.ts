// The server's entry point: config → database → migrations → reference data → demo seed →
// listen (ARCHITECTURE.md, Layout). Importing this file starts the server; nothing else does.
import { type Adapters, createAdapters } from './adapters/adapters.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfigFromProcess, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { DEMO_ACCOUNT, demoAccountExists, seedDemoAccount } from './demo/demoAccount.ts';
import { createCallRequestDeps } from './domain/calls/callRequests.ts';
import { ScheduledCallsWorker } from './workers/scheduledCallsWorker.ts';

let config: Config;
try {
  config = loadConfigFromProcess();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const database = await openDatabase(config);
await prepareDatabase(database);
let adapters: Adapters | undefined;
const app = await buildApp({ config, db: database.db, adapters: (log) => (adapters = createAdapters(config, database.db, log)) });
// Scheduled callbacks are placed at their time by every instance (claims never overlap).
const scheduledCalls = new ScheduledCallsWorker({
  db: database.db,
  deps: createCallRequestDeps({ telephony: adapters!.telephony, log: app.log, duplicateWindowSeconds: config.telephony.duplicateWindowSeconds }),
  pollIntervalMs: config.telephony.scheduledPollSeconds * 1000,
});

if (config.demoSeed && (await seedDemoAccount(database.db, config.passwordHashParams))) {
  app.log.info(`demo: created the account ${DEMO_ACCOUNT.email}`);
}
const showDemoLogin = await demoAccountExists(database.db);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  try {
    await scheduledCalls.stop();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
scheduledCalls.start();
const banner = [
  `Dashboard: ${config.publicUrl}  (database: ${database.engine === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`,
  showDemoLogin ? `Demo login: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}` : undefined,
  config.smtpUrl ? undefined : `Mailbox: ${config.publicUrl}/dev/mailbox`,
].filter(Boolean);
console.log(banner.join('\n'));
