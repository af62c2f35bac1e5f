import { expectAccessible } from '../support/axe.ts';
import { chooseLocation } from '../support/fixtures.ts';
import { expect, test } from '../support/simulated-chargers.ts';

// Uptown Station: its four 7.2 kW chargers are used by no other spec.
const CHARGERS = ['WD-OAK-UPTOWN-01', 'WD-OAK-UPTOWN-02', 'WD-OAK-UPTOWN-03', 'WD-OAK-UPTOWN-04'];
const kwOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('a limit set on the Dynamic Power screen is applied to the charging sessions, and the live view settles under it', async ({
  page,
  loginAs,
  charger,
}) => {
  test.setTimeout(180_000);
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/profile/dpo');
  await chooseLocation(page, 'uptown', /Uptown Station/);
  await expect(page.getByRole('heading', { name: 'Charging limit' })).toBeVisible();

  // Four sessions charging at full rate (28.8 kW), sending meter values every second.
  const fleet = await Promise.all(CHARGERS.map((id) => charger(id, { meterIntervalSeconds: 1 })));
  await Promise.all(fleet.map((simulated, index) => simulated.startSession({ connectorId: 1, idTag: `E2E-DPO-${index}` })));
  await expect.poll(async () => kwOf(await page.getByTestId('dpo-actual').textContent()), { timeout: 15_000 }).toBeGreaterThan(20);

  await page.getByLabel('Limit the power of this location').check();
  await page.getByLabel('Charging limit (kW)').fill('10');
  await page.getByRole('button', { name: 'Apply limit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply the charging limit?' });
  await expect(dialog).toContainText('Running sessions may slow down');
  await dialog.getByRole('button', { name: 'Apply to chargers' }).click();
  await expect(page.getByText('dynamic power limit updated')).toBeVisible();

  await expect(page.getByTestId('dpo-limit')).toHaveText('10.0 kW');
  await expect(page.getByTestId('dpo-allocated')).toHaveText('10.0 kW');
  // Each charger's share is 2.5 kW; what they report follows within a meter interval or two, live.
  await expect(page.getByTestId(`dpo-row-${CHARGERS[0]}`)).toContainText('2.5 kW');
  await expect.poll(async () => kwOf(await page.getByTestId('dpo-actual').textContent()), { timeout: 15_000 }).toBeLessThanOrEqual(10.1);
  expect(kwOf(await page.getByTestId('dpo-actual').textContent())).toBeGreaterThan(5);
  await expectAccessible(page, 'dynamic power');

  // Lift the limit again for the next run of this spec.
  await page.getByLabel('Limit the power of this location').uncheck();
  await page.getByRole('button', { name: 'Apply limit' }).click();
  await page.getByRole('dialog', { name: 'Apply the charging limit?' }).getByRole('button', { name: 'Apply to chargers' }).click();
  await expect(page.getByTestId('dpo-limit')).toHaveText('No limit');
});

test('an admin adds a utility config and enters a month’s bill with its PDF', async ({ page, loginAs }) => {
  const account = `E2E-${Date.now()}`;
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/profile/utility-info');
  await chooseLocation(page, 'uptown', /Uptown Station/);
  await page.getByRole('button', { name: 'Add utility config' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add utility config' });
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Provider Field is required')).toBeVisible();
  await dialog.getByLabel('Provider').fill('PG&E');
  await dialog.getByLabel('Account number').fill(account);
  await dialog.getByLabel('Rate schedule').fill('B-19');
  await dialog.getByLabel('Meters').fill('1009876543');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('utility config updated')).toBeVisible();
  const row = page.getByTestId('utility-config').filter({ hasText: account });
  await expect(row).toContainText('rate B-19');
  await row.getByRole('button', { name: 'Show bills' }).or(row.getByText('Shown below')).first().click();

  const year = new Date().getFullYear();
  await expect(page.getByRole('table', { name: `Monthly bills ${year}` })).toBeVisible();
  await expect(page.locator('abbr[title="March"]')).toHaveText('Mar');
  await page.getByLabel('March energy (kWh)').fill('1250.5');
  await page.getByLabel('March amount (USD)').fill('312.75');
  await page.getByRole('button', { name: `Save ${year} bills` }).click();
  await expect(page.getByText('utility bills updated')).toBeVisible();
  await page
    .getByLabel('Bill PDF for March')
    .setInputFiles({ name: 'march.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByText('document uploaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'march.pdf' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('March energy (kWh)')).toHaveValue('1250.5');
  await expect(page.getByLabel('March amount (USD)')).toHaveValue('312.75');
  await expectAccessible(page, 'utility info');
});
