// Playwright can't download its own browser on these machines: use Debian's Chromium, installing
// it when missing and we are root. CHROMIUM_PATH overrides; on a machine where
// `npx playwright install chromium` was run, Playwright's own browser is used.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function playwrightHasOwnBrowser(): boolean {
  try {
    return existsSync(execSync('node -e "process.stdout.write(require(\'playwright-core\').chromium.executablePath())"', { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (playwrightHasOwnBrowser()) return undefined;
  if (process.getuid?.() === 0) {
    console.log('e2e: installing Debian chromium (apt-get install -y chromium)…');
    execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error('No Chromium found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
}
