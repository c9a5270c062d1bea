import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './tests/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
// The dev mailbox needs its key (server/http/devMailbox.ts): one per run, made where the config
// is first read and inherited through the environment by the workers (tests/support/mailbox.ts).
process.env.E2E_MAILBOX_KEY ??= randomBytes(24).toString('base64url');

export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous limits: the suite shares two cores with the server it tests (and, on a developer's
  // machine, with other work); a slow machine must not read as a broken product.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // The real server on a fresh data directory, the build refreshed first when sources changed
    // (scripts/e2e-server.ts; there is no global setup).
    command: `node scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: { PORT: String(port), MAILBOX_KEY: process.env.E2E_MAILBOX_KEY },
  },
});
