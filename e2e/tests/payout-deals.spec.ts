import { chooseLocation, expect, test } from '../support/fixtures.ts';

// Diridon Station Garage: no other spec changes its money.
test('revenue share and deals: validated, saved with the spec messages, hidden from roles without Deals_Create', async ({ page, loginAs }) => {
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/profile/payouts-history');
  await chooseLocation(page, 'diridon', /Diridon Station Garage/);
  await expect(page.getByRole('heading', { name: 'Revenue share' })).toBeVisible();

  await page.getByRole('button', { name: 'Set revenue share' }).click();
  const share = page.getByRole('dialog', { name: 'Set revenue share' });
  await share.getByLabel('Host (%)').fill('70');
  await share.getByLabel('Reseller (%)').fill('10');
  await share.getByLabel('Platform (%)').fill('10');
  await share.getByLabel(/Effective from/).fill('2026-01-01');
  await share.getByRole('button', { name: 'Save' }).click();
  await expect(share.getByText('Host, reseller and platform shares must add up to 100%')).toBeVisible();
  await share.getByLabel('Platform (%)').fill('20');
  await share.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'revenue share saved' })).toBeVisible();
  // The demo's revenue-share deal is in its term, so the split in force stays the deal's; the saved share is in the history.
  await expect(page.getByText(/^From 2026-01-01 .*: host 70%, reseller 10%, platform 20%$/)).toBeVisible();

  await page.getByRole('button', { name: 'Add deal' }).click();
  const deal = page.getByRole('dialog', { name: 'Add deal' });
  await deal.getByLabel('Kind of deal').click();
  await page.getByRole('option', { name: 'Fixed monthly fee' }).click();
  await deal.getByLabel('Start date').fill('2026-11-01');
  await deal.getByLabel('Term (months)').fill('6');
  await deal.getByLabel(/Monthly fee/).fill('25.00');
  await deal.getByRole('button', { name: 'Add deal' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'deal added' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Deals' })).toContainText('6 months');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await loginAs('PortfolioManager');
  await page.goto('/dashboard/profile/payouts-history');
  // A PortfolioManager does not reach Diridon; read one of its own locations (nothing is changed there).
  await chooseLocation(page, 'sap', /SAP Center Lot/);
  await expect(page.getByRole('heading', { name: 'Deals' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add deal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Set revenue share' })).toHaveCount(0);
});
