// The server the browser tests run against: the real build, the real server, a fresh data
// directory (PGlite) per run, the demo seed on, the local adapters (outbox, captcha).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale } from './build-if-stale.ts';

const port = process.env.PORT ?? '3100';
// A server on another port than the default gets its own build, so parallel runs never serve
// each other's half-written output.
if (port !== '3100') process.env.SPA_DIR ??= join(import.meta.dirname, '..', 'dist', `app-${port}`);
await buildIfStale();
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'callback-e2e-'));
process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'warn';
// Tokens live as long as in production (ACCESS_TOKEN_TTL 900 s). The specs that need an expired
// token move the server's token clock instead of waiting (POST /dev/token-clock, accepted only
// with NODE_ENV=test; tests/support/serverClock.ts).
process.env.TEST_TOKEN_CLOCK = 'true';
// The specs sign up more accounts than one client address may in an hour (5): the server
// believes X-Forwarded-For from loopback, and tests/support/accounts.ts gives each API sign-up
// an address of its own. The browser's own requests carry no such header and stay 127.0.0.1.
process.env.TRUST_PROXY ??= '127.0.0.1';
console.log(`e2e server: data in ${process.env.DATA_DIR}`);
await import('../server/main.ts');
