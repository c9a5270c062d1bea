import { expect, type Page, type Request } from '@playwright/test';

/**
 * Fault injection on the API as the browser sees it (issue 8, Resilience): the server down
 * (connection refused), slow (the answer 5 s late) or answering 500. Only requests
 * that match `path` (a pathname under /api, as a RegExp) and `method` are touched; everything
 * else reaches the real server.
 */
export type FaultKind = 'down' | 'slow' | 'error';

export const FAULT_KINDS: FaultKind[] = ['down', 'slow', 'error'];

export const SLOW_MS = 5_000;

/** How long a screen may take to show its data on a loaded machine (the slow fault adds 5 s). */
export const LOADED_TIMEOUT = 60_000;

export interface FaultTarget {
  path: RegExp;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}

export interface Fault {
  /** How many requests the fault has caught so far. */
  hits(): number;
  /** The server comes back: later requests go through untouched. */
  remove(): Promise<void>;
}

function matches(request: Request, target: FaultTarget): boolean {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/')) return false;
  return target.path.test(url.pathname.slice('/api'.length)) && (!target.method || request.method() === target.method);
}

/** `times`: how many matching requests the fault catches before the server is back (default: all). */
export async function injectFault(page: Page, kind: FaultKind, target: FaultTarget, { times = Infinity } = {}): Promise<Fault> {
  let hits = 0;
  const pattern = '**/api/**';
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    if (!matches(route.request(), target) || hits >= times) return route.fallback();
    hits += 1;
    if (kind === 'down') return route.abort('connectionrefused');
    if (kind === 'error') {
      return route.fulfill({ status: 500, json: { error: 'internal_error', error_description: 'Injected fault' } });
    }
    // A slow server: it answers, but 5 s late (the access token is checked on arrival, as it
    // would be by a server that is slow to compute its answer).
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    // The page may have moved on (a newer request replaced this one).
    return route.fulfill({ response }).catch(() => undefined);
  };
  await page.route(pattern, handler);
  return {
    hits: () => hits,
    remove: () => page.unroute(pattern, handler),
  };
}

/**
 * Page errors (uncaught exceptions, unhandled rejections) collected while a test runs; the
 * test ends with `expectNone()`.
 */
export function collectPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  return {
    expectNone() {
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
  };
}

function openToasts(page: Page) {
  return page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');
}

/** An open toast (spec §2 Shell: top-centre notifications) with this text. */
export function toast(page: Page, text: string) {
  return openToasts(page).filter({ hasText: text }).first();
}

/** Closes every open toast with a click (spec §2 Shell), so the next notice is a new one. */
export async function closeToasts(page: Page): Promise<void> {
  for (const open of await openToasts(page).all()) await open.click().catch(() => undefined);
  await expect(openToasts(page)).toHaveCount(0);
}

/** Never a blank page: the signed-in shell (menu and main landmark) is still there. */
export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
}
