import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { demoEmail, expect, test } from '../support/fixtures.ts';

// Neither is a reseller in the demo data, and no other spec renames them.
const CHOSEN = ['Civic Center Plaza Garage', 'Jack London Square'];

const grid = (page: Page) => page.getByRole('grid', { name: 'Locations' });
const rowOf = (page: Page, name: string) => grid(page).getByRole('row').filter({ hasText: name });
const resellerChip = (page: Page, name: string) => rowOf(page, name).getByText('Reseller', { exact: true });

const tick = async (page: Page) => {
  for (const name of CHOSEN) await rowOf(page, name).getByRole('checkbox').check();
  await expect(page.getByRole('status').filter({ hasText: 'selected' })).toHaveText('2 locations selected');
};

/** Whatever happens in the test, the two locations end without the flag, as the demo data has them. */
test.afterEach(async () => {
  const api = await apiAs(demoEmail('SuperAdmin'));
  const { items } = await api.get<{ items: { id: string; name: string; hasReseller: boolean }[] }>('/locations?hasReseller=true&pageSize=200');
  const left = items.filter((item) => CHOSEN.includes(item.name)).map((item) => item.id);
  if (left.length) await api.post('/locations/reseller', { locationIds: left, hasReseller: false });
});

test('SuperAdmin sets the reseller flag on two locations at once, then clears it again', async ({ page, loginAs }) => {
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/profile/location-name');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('All locations');
  for (const name of CHOSEN) await expect(resellerChip(page, name)).toHaveCount(0);

  await tick(page);
  await page.getByRole('button', { name: 'Mark as reseller' }).click();
  const confirm = page.getByRole('dialog', { name: 'Set the reseller flag on 2 locations?' });
  await expect(confirm).toContainText(`${CHOSEN.join(', ')} will show as sold through a reseller.`);
  await confirm.getByRole('button', { name: 'Mark as reseller' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Reseller flag set on 2 locations' })).toBeVisible();
  await expect(confirm).toBeHidden();
  for (const name of CHOSEN) await expect(resellerChip(page, name)).toBeVisible();

  // Saved on the server, not only in the page.
  await page.reload();
  for (const name of CHOSEN) await expect(resellerChip(page, name)).toBeVisible();

  await tick(page);
  await page.getByRole('button', { name: 'Clear reseller' }).click();
  const clear = page.getByRole('dialog', { name: 'Clear the reseller flag on 2 locations?' });
  await clear.getByRole('button', { name: 'Clear reseller' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Reseller flag cleared on 2 locations' })).toBeVisible();
  for (const name of CHOSEN) await expect(resellerChip(page, name)).toHaveCount(0);
});

test('a PortfolioManager sees every location but cannot change the reseller flag', async ({ page, loginAs }) => {
  await loginAs('PortfolioManager');
  await page.goto('/dashboard/profile/location-name');
  await expect(rowOf(page, 'Jack London Square')).toBeVisible();
  await expect(grid(page).getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as reseller' })).toHaveCount(0);
});
