import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Location' });

test.describe('selected location', () => {
  test('a user without Locations_Multi starts on their first location; the choice survives a reload', async ({ page, loginAs }) => {
    await loginAs('ReadonlyAdmin');
    await page.goto('/dashboard/control-center');
    await expect(switcher(page)).toHaveValue('Embarcadero Center Garage');
    await switcher(page).click();
    await switcher(page).fill('jack');
    await page.getByRole('option', { name: /Jack London Square/ }).click();
    await expect(page.getByRole('article')).toHaveCount(6);
    await page.reload();
    await expect(switcher(page)).toHaveValue('Jack London Square');
    expect(await page.evaluate(() => localStorage.getItem('wattdesk.selectedLocation'))).toContain('locationId');
  });

  test('a user with Locations_Multi starts with none selected and sees every location', async ({ page, loginAs }) => {
    await loginAs('SuperAdmin');
    await page.goto('/dashboard/control-center');
    await expect(switcher(page)).toHaveValue('All locations');
    await expect(page.getByText(/^4\d chargers$/)).toBeVisible();
    const available = Number(await page.getByTestId('count-available').textContent());
    await page.getByTestId('count-available').click();
    await expect(page.getByRole('article')).toHaveCount(Math.min(available, 24));
  });

  test('what is typed in the switcher stays while the list answers', async ({ page, loginAs }) => {
    await loginAs('ReadonlyAdmin');
    await page.goto('/dashboard/control-center');
    await expect(switcher(page)).toHaveValue('Embarcadero Center Garage');
    await switcher(page).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('jack');
    // The answer holds only the match: the selected location is no longer on the list.
    await expect(page.getByRole('option')).toHaveText([/^Jack London Square/]);
    await expect(switcher(page)).toHaveValue('jack');
  });

  test('a click on the switcher before its search code arrives opens the list once it has', async ({ page, loginAs }) => {
    await loginAs('ReadonlyAdmin');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/location-search-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard/control-center');
    await expect(switcher(page)).toHaveValue('Embarcadero Center Garage');
    await switcher(page).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    release();
    await expect(page.getByRole('option', { name: /Jack London Square/ })).toBeVisible();
    await expect(switcher(page)).toBeFocused();
    await page.getByRole('option', { name: /Jack London Square/ }).click();
    await expect(switcher(page)).toHaveValue('Jack London Square');
  });
});

test('edit the location profile: the switcher shows the new name at once', async ({ page, loginAs }) => {
  await loginAs('PortfolioManager');
  await page.goto('/dashboard/profile/location-name');
  await switcher(page).click();
  await switcher(page).fill('uptown');
  await page.getByRole('option', { name: /Uptown Station/ }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Uptown Station');
  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Name Field is required')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Uptown Station North');
  const latitude = page.getByLabel('Latitude');
  const before = await latitude.inputValue();
  await page.getByTestId('location-map').click({ position: { x: 80, y: 60 } });
  await expect(latitude).not.toHaveValue(before);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Location profile saved' })).toBeVisible();
  await expect(switcher(page)).toHaveValue('Uptown Station North');
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Uptown Station North');
  await expect(page.getByLabel('Latitude')).not.toHaveValue(before);
});

test('create, rename and delete a charger and watch the counts change', async ({ page, loginAs }) => {
  await loginAs('Admin');
  await page.goto('/dashboard/profile/assets');
  await switcher(page).click();
  await switcher(page).fill('mission');
  await page.getByRole('option', { name: /Mission Bay Commons/ }).click();
  await expect(page.getByText('Mission Bay Commons · 5 chargers')).toBeVisible();

  await page.getByRole('button', { name: 'Add charger' }).click();
  const form = page.getByRole('dialog', { name: 'Add charger' });
  await form.getByLabel('Charger id').fill('WD-E2E-001');
  await form.getByLabel('Name').fill('Guest bay');
  await form.getByRole('button', { name: 'Add charger' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Guest bay registered' })).toBeVisible();
  // The OCPP password is answered once: shown with the address the charger connects to.
  const credentials = page.getByRole('region', { name: 'OCPP credentials of the new chargers' });
  await expect(credentials.getByLabel('Connection address', { exact: true })).toHaveValue(/^ws:\/\/localhost:\d+\/ocpp\/WD-E2E-001$/);
  await expect(credentials.getByLabel('OCPP password', { exact: true })).toHaveValue(/^\S{16,40}$/);
  await expect(page.getByText('Mission Bay Commons · 6 chargers')).toBeVisible();
  await switcher(page).click();
  await expect(page.getByRole('option', { name: /Mission Bay Commons.*6 chargers/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Edit Guest bay' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Guest bay' });
  await edit.getByLabel('Name').fill('Guest bay A');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('gridcell', { name: /^Guest bay A\s/ })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Guest bay A' }).click();
  await page.getByRole('dialog', { name: 'Delete Guest bay A?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Mission Bay Commons · 5 chargers')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: /^Guest bay A\s/ })).toHaveCount(0);
});

test('a CSV import with one bad row is rejected whole; a good file is imported', async ({ page, loginAs }) => {
  await loginAs('ManufacturingAdmin');
  await page.goto('/dashboard/profile/assets');
  await expect(page.getByText(/Diridon Station Garage · 5 chargers/)).toBeVisible();
  const header = 'chargerId,name,kind,model,serialNumber,connectorTypes,maxPowerKw';
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: /Import chargers/ });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\nWD-CSV-1,Row A,smart,,,J1772,11\nWD-CSV-2,Row B,warp,,,J1772,11\n`),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('1 row has errors; no charger was imported')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Rows with errors' }).getByText('Kind must be one of dumb, smart, nift')).toBeVisible();
  await expect(page.getByText(/Diridon Station Garage · 5 chargers/)).toBeVisible();

  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'good.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\nWD-CSV-1,Row A,smart,,,J1772,11\nWD-CSV-2,Row B,dumb,,,J1772,7.2\n`),
  });
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '2 chargers registered at Diridon Station Garage' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download passwords (CSV)' }).click();
  const passwords = await readFile(await (await downloading).path(), 'utf8');
  expect(passwords).toMatch(/^chargerId,ocppPassword\r\nWD-CSV-1,\S{16,}\r\nWD-CSV-2,\S{16,}\r\n$/);
  await expect(page.getByText(/Diridon Station Garage · 7 chargers/)).toBeVisible();
});
