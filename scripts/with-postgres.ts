// `node scripts/with-postgres.ts <command…>`: runs `npx <command…>` with DATABASE_URL pointing at
// PostgreSQL (`npm run test:pg` runs the server suite this way; ARCHITECTURE.md rule 3: CI runs
// it on both engines). When DATABASE_URL is already set it is used as is. Otherwise a throwaway
// cluster is created in a temp dir, started on a free local port, and removed afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.ts <command> [args…]   (runs `npx <command> [args…]`)');
  process.exit(2);
}

if (process.env.DATABASE_URL) {
  process.exit(await run(command, process.env.DATABASE_URL));
}

const foundBin = findPostgresBin();
if (!foundBin) {
  console.error(
    'with-postgres: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin).\n' +
      '  Install it:  apt-get update && apt-get install -y postgresql\n' +
      '  or point DATABASE_URL at a server you have:  DATABASE_URL=postgres://user:pass@host:5432/db npm run test:pg',
  );
  process.exit(1);
}
const bin: string = foundBin;

const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'with-postgres-'));
const dataDir = join(dir, 'data');
const port = await freePort();
let started = false;

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
function pg(tool: string, args: string[]): void {
  const path = join(bin, tool);
  const [file, argv]: [string, string[]] = isRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function cleanUp() {
  if (started) {
    try {
      pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch (error) {
      console.error(`with-postgres: could not stop the cluster: ${(error as Error).message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

let exitCode = 1;
try {
  if (isRoot) {
    execFileSync('chown', ['postgres:postgres', dir]);
    chmodSync(dir, 0o700);
  }
  pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  // A throwaway cluster: durability off makes the suite faster.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  pg('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start']);
  started = true;
  pg('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'app']);
  console.log(`with-postgres: PostgreSQL (${bin}) on 127.0.0.1:${port}`);
  exitCode = await run(command, `postgres://postgres@127.0.0.1:${port}/app`);
} catch (error) {
  console.error(`with-postgres: ${(error as Error).message}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);

/** Runs `npx <command…>` with DATABASE_URL set; resolves its exit code. Ctrl-C reaches the child. */
function run(args: string[], databaseUrl: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      console.error(`with-postgres: could not run npx ${args.join(' ')}: ${error.message}`);
      resolve(1);
    });
  });
}

/** The newest /usr/lib/postgresql/<version>/bin that has initdb. */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin'))[0];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
