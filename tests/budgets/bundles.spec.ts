import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { widgetDir } from '../../server/widgetApi/widgetScript.ts';
import { BUDGETS, budgetViolations, SIGN_IN_PAGE } from '../../scripts/bundles/budgets.ts';
import { buildReport, sizeOf } from '../../scripts/bundles/buildReport.ts';

// Issue 8, "JavaScript shipped": the budgets checked on the build this run's server serves
// (scripts/e2e-server.ts builds it into dist/app, or dist/app-<port> beside other runs).
const port = process.env.E2E_PORT ?? '3100';
// The widget script goes where that server reads it: dist/widget beside the default build, else
// beside the moved SPA build (widgetDir).
const spaEnv: { SPA_DIR?: string } = port === '3100' ? {} : { SPA_DIR: join(import.meta.dirname, '..', '..', 'dist', `app-${port}`) };
const spaDir = spaEnv.SPA_DIR ?? join(import.meta.dirname, '..', '..', 'dist', 'app');
const report = () => buildReport(spaDir, join(widgetDir(spaEnv), 'widget.js'));

test('every page, screen chunk and the widget script stay within the JavaScript budgets', () => {
  expect(budgetViolations(report())).toEqual([]);
});

test('the sign-in page loads in Chromium exactly the scripts the build report counts', async ({ page }) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) loaded.add(path.slice(1));
  });
  await page.goto(SIGN_IN_PAGE);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const counted = report().pages.find((candidate) => candidate.path === SIGN_IN_PAGE)!;
  expect([...loaded].sort()).toEqual(counted.files);
  const gzip = [...loaded].reduce((sum, file) => sum + sizeOf(join(spaDir, file)).gzip, 0);
  expect(gzip).toBeLessThanOrEqual(BUDGETS.signInGzip);
});
