// The server's entry point: config → database → migrations → reference data → demo seed →
// listen (ARCHITECTURE.md, Layout). Importing this file starts the server; nothing else does.
import { createAdapters } from './adapters/adapters.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfigFromProcess, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { DEMO_ACCOUNT, demoAccountExists, seedDemoAccount } from './demo/demoAccount.ts';
import { devOutboxUrl, loadMailboxKey } from './http/devMailbox.ts';
import { chooseLogFormat, logDestination } from './http/logFormat.ts';

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
// The background workers (payments, scheduled callbacks) start with the app when it listens
// and stop when it closes (workers/backgroundWorkers.ts).
// Readable lines when a person reads the terminal, JSON otherwise (LOG_FORMAT, http/logFormat.ts).
const logStream = await logDestination(chooseLogFormat({ requested: config.logFormat, isTTY: process.stdout.isTTY === true, nodeEnv: config.nodeEnv }));
const app = await buildApp({ config, db: database.db, logStream, adapters: (log) => createAdapters(config, database.db, log) });

if (config.demoSeed && (await seedDemoAccount(database.db, config.passwordHashParams))) {
  app.log.info(`demo: created the account ${DEMO_ACCOUNT.email}`);
}
const showDemoLogin = await demoAccountExists(database.db);
// The local outboxes show every account's links and visitors' numbers, so their addresses carry a
// key (http/devMailbox.ts): the mailbox unless mail goes through SMTP, the text messages unless
// they go through Twilio; neither in production.
const outboxKey = config.nodeEnv === 'production' || (config.smtpUrl && config.telephony.twilio) ? undefined : await loadMailboxKey(config, database.db);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  try {
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
const banner = [
  `Dashboard: ${config.publicUrl}  (database: ${database.engine === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`,
  showDemoLogin ? `Demo login: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}` : undefined,
  outboxKey === undefined || config.smtpUrl ? undefined : `Mailbox: ${devOutboxUrl(config.publicUrl, 'mailbox', outboxKey)}`,
  outboxKey === undefined || config.telephony.twilio ? undefined : `Text messages: ${devOutboxUrl(config.publicUrl, 'messages', outboxKey)}`,
].filter(Boolean);
console.log(banner.join('\n'));
