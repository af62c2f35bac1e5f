import { successMessages } from '@wattdesk/shared';
import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, expect, test } from '../support/fixtures.ts';

// Civic Center Plaza Garage: no other spec bills it or changes its licences.
const LOCATION = /Civic Center Plaza Garage/;

test('a host puts a card on file on the sandbox card page, activates a plan billed per charger, then cancels it', async ({ page, loginAs }) => {
  await loginAs('Admin');
  await page.goto('/dashboard/profile/payment-info');
  await chooseLocation(page, 'civic', LOCATION);
  await expect(page.getByText('No card on file')).toBeVisible();
  await expect(page.getByText('Sandbox mode')).toBeVisible();
  await expectAccessible(page, 'payment info, no card');

  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page).toHaveURL(/\/web\/payments\/sandbox\/checkout\/cs_test_/);
  await expect(page.getByRole('note')).toContainText('LOCAL SANDBOX');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();

  await expect(page).toHaveURL(/\/dashboard\/profile\/payment-info$/);
  await expect(page.getByRole('alert').filter({ hasText: successMessages.paymentFeeViolationInfoUpdated })).toBeVisible();
  await expect(page.getByTestId('card-on-file')).toHaveText('Visa ending in 4242');
  await expect(page.getByText('Expires 12/2034')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Visa' }).first()).toBeVisible();

  await page.goto('/dashboard/subscription');
  await expect(page.getByText('This location has no subscription yet.')).toBeVisible();
  await expect(page.getByText('4 chargers: $100.00 / month')).toBeVisible();
  await expectAccessible(page, 'subscription, none');
  await page.getByRole('button', { name: 'Activate Standard' }).click();
  const confirm = page.getByRole('dialog', { name: 'Activate Standard?' });
  await expect(confirm).toContainText('4 chargers × $25.00 = $100.00 per month');
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: successMessages.subscriptionActivated })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByText(/Renews on .+ \(America\/Los_Angeles\)/)).toBeVisible();
  await expectAccessible(page, 'subscription, active');

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the subscription?' });
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('alert').filter({ hasText: successMessages.subscriptionUpdated })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled');
});

test('licences: the charger without a seat is flagged in the control center until a new licence gives it one', async ({ page, loginAs }) => {
  await loginAs('Admin');
  await page.goto('/dashboard/license');
  await chooseLocation(page, 'civic', LOCATION);
  await expect(page.getByText('1 charger has no valid license')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Licenses', exact: true })).toContainText('3 of 3');
  await expectAccessible(page, 'license');

  await page.goto('/dashboard/control-center');
  await expect(page.getByRole('article', { name: 'Bay 4' }).getByText('No valid license')).toBeVisible();

  await page.goto('/dashboard/license');
  await page.getByRole('button', { name: 'Add license' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a license' });
  await dialog.getByLabel('Seats (chargers)').fill('0');
  await expect(dialog.getByText('Seats must be at least 1')).toBeVisible();
  await dialog.getByLabel('Seats (chargers)').fill('1');
  await dialog.getByRole('button', { name: 'Add license' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'License added' })).toBeVisible();
  await page.getByRole('combobox', { name: 'License of Bay 4' }).click();
  await page.getByRole('option', { name: /License 2 \(0 of 1 seats\)/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'License assigned' })).toBeVisible();
  await expect(page.getByText('no valid license')).toBeHidden();

  await page.goto('/dashboard/control-center');
  await expect(page.getByRole('article', { name: 'Bay 1' })).toBeVisible();
  await expect(page.getByText('No valid license')).toHaveCount(0);
});
