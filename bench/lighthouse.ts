// Lighthouse (issue 8): the `lighthouse` package driving Debian's Chromium with the desktop
// preset, on the sign-in page and, signed in as the demo account, on the Dashboard and the Calls
// History, against the product as `npm start` runs it on a fresh data directory (the demo data).
// The SPA keeps its session in local storage: Playwright signs in through the form in the same
// Chromium, and Lighthouse then runs with `disableStorageReset` so the session stays; the HTTP
// cache is cleared before each page all the same, so every page loads its scripts cold.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { DEMO_ACCOUNT } from '../server/demo/demoAccount.ts';
import { chromiumExecutable } from '../tests/support/chromium.ts';
import { buildIfStale, startProduct } from './productServer.ts';
import { ms, printColumns } from './table.ts';

/** The targets of issue 8, per category. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
type Category = keyof typeof LIGHTHOUSE_TARGETS;
const categories = Object.keys(LIGHTHOUSE_TARGETS) as Category[];

export interface PageFigures {
  path: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The audits that fall short, the heaviest first. */
  findings: string[];
  /** The full HTML report. */
  reportFile: string;
}

export async function measureLighthouse(log: (line: string) => void): Promise<PageFigures[]> {
  await buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const reportDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-reports-'));
  const server = await startProduct(dataDir);
  const chrome = await launch({
    chromePath: chromiumExecutable() ?? chromium.executablePath(),
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const audit = async (pagePath: string, signedIn: boolean) => {
      const reportFile = path.join(reportDir, `${pagePath.replaceAll('/', '_').slice(1)}.html`);
      const figures = await runLighthouse(`${server.base}${pagePath}`, chrome.port, signedIn, reportFile);
      log(`${pagePath}: ${categories.map((category) => `${category} ${figures.scores[category]}`).join(', ')}`);
      return { ...figures, path: pagePath };
    };
    const pages = [await audit('/auth/login', false)];
    const browser = await signIn(server.base, chrome.port);
    for (const pagePath of ['/dashboard', '/calls']) {
      await clearHttpCache(browser);
      pages.push(await audit(pagePath, true));
    }
    return pages;
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs in as the demo account through the form, in the browser Lighthouse uses. */
async function signIn(base: string, port: number): Promise<Browser> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
  await page.close();
  return browser;
}

/** What Lighthouse's storage reset would do to the HTTP cache, without touching local storage. */
async function clearHttpCache(browser: Browser): Promise<void> {
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.close();
}

/** Lighthouse's own trace failures, which its message says to answer by running it again. */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);

async function runLighthouse(url: string, port: number, signedIn: boolean, reportFile: string, attempt = 1): Promise<Omit<PageFigures, 'path'>> {
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'html', onlyCategories: categories, disableStorageReset: signedIn }, desktopConfig);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError && RETRYABLE.has(lhr.runtimeError.code) && attempt < 3) return runLighthouse(url, port, signedIn, reportFile, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${finalPath}`);
  writeFileSync(reportFile, result.report as string);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const findings = categories
    .flatMap((category) =>
      lhr.categories[category]!.auditRefs.map((ref) => ({ category, weight: ref.weight, audit: lhr.audits[ref.id]! })),
    )
    .filter(({ audit }) => audit.score !== null && audit.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode))
    .sort((a, b) => b.weight - a.weight || a.audit.score! - b.audit.score!)
    .map(({ category, audit }) => `${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  return {
    scores: Object.fromEntries(categories.map((category) => [category, Math.round((lhr.categories[category]!.score ?? 0) * 100)])) as Record<Category, number>,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    findings,
    reportFile,
  };
}

export function printLighthouse(pages: PageFigures[]): void {
  const names: Record<Category, string> = { performance: 'Performance', accessibility: 'Accessibility', 'best-practices': 'Best practices' };
  const score = (category: Category) => (page: PageFigures) => {
    const target = LIGHTHOUSE_TARGETS[category];
    return `${page.scores[category]}  ${page.scores[category] >= target ? 'meets' : 'BELOW'} ${target === 100 ? '100' : `≥ ${target}`}`;
  };
  const lines: [string, (page: PageFigures) => string][] = [
    ...categories.map((category): [string, (page: PageFigures) => string] => [names[category], score(category)]),
    ['Largest Contentful Paint', (page) => `${ms(page.lcpMs)} ms`],
    ['Total Blocking Time', (page) => `${ms(page.tbtMs)} ms`],
    ['Cumulative Layout Shift', (page) => page.cls.toFixed(3)],
  ];
  printColumns(
    'Lighthouse: desktop preset, Chromium, `npm start` on the demo data (signed in as the demo account after /auth/login)',
    pages.map((page) => page.path),
    lines.map(([label, cell]) => [label, pages.map(cell)]),
  );
  for (const page of pages) {
    console.log(`\nLighthouse findings on ${page.path}:${page.findings.length ? '' : ' none'}`);
    for (const finding of page.findings.slice(0, 10)) console.log(`  ${finding}`);
    console.log(`  full report: ${page.reportFile}`);
  }
}
