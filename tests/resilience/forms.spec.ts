import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInDemo } from '../support/dataScreens.ts';
import { balance, chooseOneTime, enterCard, newClient } from '../support/billing.ts';
import { closeToasts, collectPageErrors, expectShell, injectFault, LOADED_TIMEOUT, toast, type FaultKind, type FaultTarget } from '../support/faults.ts';

/**
 * The forms with their save call down or answering 500 (issue 8, Resilience): the spec's error
 * notice (§8), the user's input still in the form, never a blank page, and the same form saved
 * once the server is back. One form also meets a slow server: busy, then saved.
 */

/** Fails the save with each fault in turn; `failed` checks the notice and the kept input. */
async function failThenRecover(
  page: Page,
  target: FaultTarget,
  steps: { submit: () => Promise<void>; failed: (kind: FaultKind) => Promise<void>; saved: () => Promise<void> },
) {
  for (const kind of ['error', 'down'] as const) {
    const fault = await injectFault(page, kind, target);
    await steps.submit();
    await steps.failed(kind);
    await closeToasts(page);
    expect(fault.hits(), `the ${kind} fault caught the save`).toBeGreaterThan(0);
    await fault.remove();
  }
  await steps.submit();
  await steps.saved();
}

test('sign in: the server down or failing shows the error, keeps the details, and signs in once it is back', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await failThenRecover(page, { path: /^\/oauth2\/token$/, method: 'POST' }, {
    submit: () => signIn.click(),
    failed: async () => {
      await expect(page.getByRole('main').getByText('Unknown error occurred.')).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
      await expect(page.getByLabel('Password')).toHaveValue(DEMO.password);
      await expect(page).toHaveURL(/\/auth\/login$/);
    },
    saved: () => expect(page).toHaveURL(/\/dashboard$/),
  });
  await expectShell(page);
  pageErrors.expectNone();
});

test('agent form: a failed save keeps the agent, a slow one shows busy, and it saves once the server is back', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInDemo(page);
  await page.goto('/agents/manage');
  await page.getByLabel('Name').fill('Resilient Agent');
  await page.getByLabel('Phone Number').fill('(415) 555-0177');
  await page.getByRole('switch', { name: 'Saturday' }).check();
  const save = page.getByRole('button', { name: 'Save Agent' });
  const target: FaultTarget = { path: /^\/client\/agents$/, method: 'POST' };
  await failThenRecover(page, target, {
    submit: () => save.click(),
    failed: async () => {
      await expect(toast(page, 'Failed to save agent.')).toBeVisible();
      await expectShell(page);
      await expect(page).toHaveURL(/\/agents\/manage/);
      await expect(page.getByLabel('Name')).toHaveValue('Resilient Agent');
      await expect(page.getByLabel('Phone Number')).toHaveValue('(415) 555-0177');
      await expect(page.getByRole('switch', { name: 'Saturday' })).toBeChecked();
      await expect(save).toBeEnabled();
    },
    saved: async () => {
      await expect(toast(page, 'Agent Resilient Agent has been saved.')).toBeVisible();
      await expect(page).toHaveURL(/\/agents$/);
    },
  });

  await page.goto('/agents/manage');
  await page.getByLabel('Name').fill('Patient Agent');
  await page.getByLabel('Phone Number').fill('(415) 555-0178');
  const slow = await injectFault(page, 'slow', target);
  await save.click();
  await expect(save).toHaveAttribute('data-loading');
  await expect(toast(page, 'Agent Patient Agent has been saved.')).toBeVisible({ timeout: LOADED_TIMEOUT });
  expect(slow.hits()).toBeGreaterThan(0);
  pageErrors.expectNone();
});

test('account settings: a failed save keeps the details and saves once the server is back', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInDemo(page);
  await page.goto('/settings');
  const details = page.getByRole('region', { name: 'Account Details' });
  await details.getByLabel('Full Name').fill('Demo Client Renamed');
  await failThenRecover(page, { path: /^\/user$/, method: 'PATCH' }, {
    submit: () => details.getByRole('button', { name: 'Save' }).click(),
    failed: async () => {
      await expect(toast(page, 'Account details update failed.')).toBeVisible();
      await expectShell(page);
      await expect(details.getByLabel('Full Name')).toHaveValue('Demo Client Renamed');
    },
    saved: async () => {
      await expect(toast(page, "You've successfully updated your data.")).toBeVisible();
      await page.reload();
      await expect(page.getByRole('region', { name: 'Account Details' }).getByLabel('Full Name')).toHaveValue('Demo Client Renamed');
    },
  });
  pageErrors.expectNone();
});

test('billing: a failed card payment keeps the form and the purchase goes through once the server is back', async ({ page, request }) => {
  const pageErrors = collectPageErrors(page);
  // A new account: no saved card, no auto-recharge (the demo account has both).
  await newClient(page, request, 'resilient-billing');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await chooseOneTime(page);
  await page.getByLabel('Number of credits').selectOption({ label: '50 for $47.50' });
  await enterCard(page, '4242 4242 4242 4242');
  await failThenRecover(page, { path: /^\/client\/payments$/, method: 'POST' }, {
    submit: () => page.getByRole('button', { name: 'Purchase Credits' }).click(),
    failed: async () => {
      // The payment form shows a failed payment in place (spec §4 Submit flow).
      await expect(page.getByRole('form', { name: 'Payment form' }).getByRole('alert')).toHaveText('An error has occurred with the card payment.');
      await expectShell(page);
      await expect(page.getByLabel('Number of credits').locator('option:checked')).toHaveText('50 for $47.50');
    },
    saved: () => expect(toast(page, "You've successfully bought credits.")).toBeVisible(),
  });
  // The sign-up grant and one pack: the failed attempts charged nothing.
  await expect.poll(() => balance(page)).toBe(70);
  pageErrors.expectNone();
});

test('widget wizard: a failed save keeps the widget and creates it once the server is back', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInDemo(page);
  const domain = `resilient-${Date.now().toString(36)}.example.com`;
  await page.goto('/widgets/manage');
  await page.getByLabel('Widget Name').fill('Resilient popup');
  await page.getByLabel('Website URL').fill(domain);
  await page.getByLabel('Widget Type').selectOption({ label: 'Exit popup' });
  await page.getByLabel('Phone number to call').fill('415 555 0100');
  await page.getByRole('button', { name: 'Next - Design Step' }).click();
  await expect(page).toHaveURL(/\/widgets\/manage\/design$/);
  await failThenRecover(page, { path: /^\/client\/widgets$/, method: 'POST' }, {
    submit: () => page.getByRole('button', { name: 'Create Widget' }).click(),
    failed: async () => {
      await expect(toast(page, 'Widget creation failed.')).toBeVisible();
      await expectShell(page);
      await expect(page).toHaveURL(/\/widgets\/manage\/design$/);
      // The General step still holds what was typed.
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page.getByLabel('Widget Name')).toHaveValue('Resilient popup');
      await expect(page.getByLabel('Website URL')).toHaveValue(domain);
      await page.getByRole('button', { name: 'Next - Design Step' }).click();
      await expect(page).toHaveURL(/\/widgets\/manage\/design$/);
    },
    saved: async () => {
      await expect(page).toHaveURL(/\/widgets\/manage\/code$/);
      await expect(toast(page, 'Widget saved!')).toBeVisible();
    },
  });
  await page.goto('/widgets');
  await expect(page.getByRole('cell', { name: 'Resilient popup', exact: true })).toHaveCount(1);
  pageErrors.expectNone();
});
