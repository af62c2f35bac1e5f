import { failureMessages } from '@wattdesk/shared';
import { chooseLocation, expect, test } from '../support/fixtures.ts';

test('payouts account: connect through the sandbox to APPROVED, back to the profile, then disconnect', async ({ page, loginAs, consoleErrors }) => {
  await loginAs('PortfolioManager');
  await page.goto('/dashboard/profile/payouts-account-details');
  await expect(page.getByRole('heading', { name: 'Payouts Account' })).toBeVisible();
  await expect(page.getByText('Choose a location')).toBeVisible();
  await chooseLocation(page, 'jack', /Jack London Square/);
  await expect(page.getByText(/^Sandbox mode: this server has no Stripe keys/)).toBeVisible();
  await expect(page.getByText('No Stripe account connected')).toBeVisible();

  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await expect(page).toHaveURL(/\/web\/payments\/sandbox\/oauth\/authorize\?/);
  await expect(page.getByRole('note')).toContainText('LOCAL SANDBOX');

  // A slow provider exchange, so AUTHORIZING can be seen before APPROVED.
  await page.route('**/web/payments/connect', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Authorize access' }).click();
  await expect(page).toHaveURL(/\/stripe\/connected\?.*code=ac_/);
  await expect(page.getByText('Authorizing your Stripe account…')).toBeVisible();
  const approved = page.getByRole('status').filter({ hasText: /Stripe account acct_sbx\w+ is connected/ });
  await expect(approved).toBeVisible();
  const accountId = (await approved.textContent())!.match(/acct_sbx\w+/)![0];

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/payouts-account-details$/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Jack London Square');
  await expect(page.getByText(accountId, { exact: true })).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/payouts-connected.png', fullPage: true });

  await page.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Stripe?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // While the dialog fades out its own Disconnect button is still the only one the page exposes.
  await expect(dialog).toBeHidden();
  await expect(page.getByText(accountId, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Stripe disconnected' })).toBeVisible();
  await expect(page.getByText('No Stripe account connected')).toBeVisible();
  expect(consoleErrors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});

test('stripe/connected fails at once, calling nothing, without state or code; and after a denial', async ({ page, loginAs }) => {
  await loginAs('Reseller');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/web/payments/connect') calls.push(request.url());
  });
  for (const query of ['', '?state=only-state', '?code=only-code']) {
    await page.goto(`/stripe/connected${query}`);
    await expect(page.getByRole('alert').filter({ hasText: failureMessages.stripeAuthorization })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  }
  expect(calls).toEqual([]);

  await page.goto('/dashboard/profile/payouts-account-details');
  // Diridon, the Reseller's first location, is connected by bank-and-payout.spec; Santana Row is connected by no spec.
  await chooseLocation(page, 'santana', /Santana Row Garage/);
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await page.getByRole('button', { name: 'Deny access' }).click();
  await expect(page).toHaveURL(/error=access_denied/);
  await expect(page.getByRole('alert').filter({ hasText: failureMessages.stripeAuthorization })).toBeVisible();
  expect(calls).toEqual([]);
});

test('stripe/connected with a code the provider refuses shows FAILED with the reason', async ({ page, loginAs }) => {
  await loginAs('PortfolioManager');
  await page.goto('/dashboard/profile/payouts-account-details');
  await chooseLocation(page, 'uptown', /Uptown Station/);
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await expect(page).toHaveURL(/\/web\/payments\/sandbox\/oauth\/authorize\?/);
  const state = new URL(page.url()).searchParams.get('state')!;
  await page.goto(`/stripe/connected?state=${encodeURIComponent(state)}&code=ac_forged`);
  const failed = page.getByRole('alert').filter({ hasText: failureMessages.stripeAuthorization });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(`${failureMessages.connectStripe}: Authorization code does not exist: ac_forged`);
});
