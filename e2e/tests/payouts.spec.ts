import { readFile } from 'node:fs/promises';
import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, expect, test } from '../support/fixtures.ts';

test('payouts: connect in the sandbox, transfer the balance after confirming, see it in the history, download the statement', async ({
  page,
  loginAs,
}) => {
  await loginAs('PortfolioManager');
  await page.goto('/dashboard/profile/payouts-account-details');
  // SAP Center Lot: no other spec connects its Stripe account (stripe-connect.spec.ts connects Uptown and Jack London).
  await chooseLocation(page, 'sap', /SAP Center Lot/);
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await page.getByRole('button', { name: 'Authorize access' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Stripe account acct_sbx\w+ is connected/ })).toBeVisible();

  await page.goto('/dashboard/profile/payout');
  await expect(page).toHaveURL(/\/dashboard\/profile\/payouts-history$/);
  await expect(page.getByRole('heading', { name: 'Payouts History' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Balance (USD)' })).toBeVisible();
  // The demo paid out what the location earned before the last 30 days; the rest is the balance to transfer.
  await expect(page.getByRole('table', { name: 'Payouts' }).getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page, 'payouts history');

  await page.getByRole('button', { name: 'Transfer balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer the balance?' });
  await expect(dialog).toContainText('will be sent to the connected Stripe account');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'transfer sent' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1);
  await expect(row).toContainText('In transit');
  await expect(row).toContainText('Requested by portfoliomanager@example.com');
  await expect(page.getByRole('button', { name: 'Transfer balance' })).toBeDisabled();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^payout-statement-\d{4}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('Collected revenue');
  expect(csv).toContain('Receivable');
  expect(csv).toContain('Transfer');
  await page.screenshot({ path: 'test-results/payouts-history.png', fullPage: true });
});
