import { expect, test } from '@playwright/test';
import { signIn } from '../support/accounts.ts';

test('switching the language translates the screens and is remembered', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('combobox', { name: /language/i }).selectOption('de');
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  const germanTitle = await page.getByRole('button', { name: /anmelden/i }).textContent();
  expect(germanTitle).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('button', { name: /anmelden/i })).toBeVisible();

  await page.getByRole('combobox', { name: /sprache/i }).selectOption('ja');
  await expect(page.getByRole('button', { name: /ログイン|サインイン/ })).toBeVisible();
  await page.getByRole('combobox').first().selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('the demo account signs in and the shell is translated', async ({ page }) => {
  await signIn(page, 'demo@example.com', 'demo-password');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Calls History' })).toBeVisible();
  await page.getByRole('combobox', { name: /language/i }).selectOption('fr');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Calls History' })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Historique des appels' })).toBeVisible();
});

test('a visitor who chose German never sees the sign-in page the build rendered in English; a first visitor sees it before the app runs', async ({ page }) => {
  // The app's scripts held back: what shows is the rendered HTML alone.
  await page.route('**/assets/paint-first*.js', (route) => route.abort());
  await page.goto('/auth/login');
  await expect(page.locator('#root[data-prerendered]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await page.evaluate(() => localStorage.setItem('dashboard.language', 'de'));
  await page.reload();
  await expect(page.locator('#root[data-prerendered]')).toBeHidden();

  // With its scripts, the German page shows.
  await page.unroute('**/assets/paint-first*.js');
  await page.reload();
  await expect(page.getByRole('button', { name: /anmelden/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
});

test('screens with a catalog of their own are translated when opened first, reached from another screen, and after a switch', async ({ page }) => {
  await signIn(page, 'demo@example.com', 'demo-password');
  await page.getByRole('combobox', { name: /language/i }).selectOption('de');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Anrufverlauf' })).toBeVisible();

  // Opened first: the Integrations catalog comes with the page's start.
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { name: 'API-Schlüssel', exact: true })).toBeVisible();
  // Another language chosen on the screen: its catalog is loaded with the new language's.
  await page.getByRole('combobox', { name: /sprache/i }).selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Clés API', exact: true })).toBeVisible();

  // Reached from another screen: the wizard's catalog, in the language now active.
  await page.getByRole('navigation').getByRole('link', { name: 'Widgets' }).click();
  await page.getByRole('link', { name: /^Modifier/ }).first().click();
  await expect(page.getByText('Traitement des appels', { exact: true })).toBeVisible();
});
