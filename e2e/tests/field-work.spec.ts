import type { ChargerListResponse } from '@wattdesk/shared';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, demoEmail, expect, test } from '../support/fixtures.ts';

// Mission Bay, Bay 2: no other spec puts this charger in maintenance. Diridon Bay 3 (serial SN070003) gets test data.
const INSPECTED = 'WD-SF-MISSION-BAY-02';
const TESTED_SERIAL = 'SN070003';
const CSV_HEADER = 'serialNumber,testName,result,measured,unit,testedAt,station';
// A 1×1 PNG: the server re-encodes it, the panel shows it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A toast, found even while a dialog hides the page behind it from assistive technology. */
const toast = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text });

test.afterAll(async () => {
  const admin = await apiAs(demoEmail('SuperAdmin'));
  const { items } = await admin.get<ChargerListResponse>(`/chargers?search=${INSPECTED}&pageSize=10`);
  const ids = items.filter((item) => item.chargerId === INSPECTED).map((item) => item.id);
  if (ids.length) await admin.post('/maintenance', { chargerIds: ids, inMaintenance: false });
});

test('an Admin builds an inspection template, fills it in with a failing answer and the charger goes in maintenance', async ({ page, loginAs }) => {
  const name = `Cable check ${Date.now().toString(36)}`;
  await loginAs('Admin');
  await page.goto('/dashboard/maintenance');
  await chooseLocation(page, 'mission', /Mission Bay/);

  await page.getByRole('button', { name: 'New template' }).click();
  const editor = page.getByRole('dialog', { name: 'New inspection template' });
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(editor.getByText('Name Field is required')).toBeVisible();
  await editor.getByLabel('Name').fill(name);
  await editor.getByLabel('Section 1 title').fill('Cable');
  await editor.getByRole('textbox', { name: 'Question 1.1' }).fill('Is the cable intact?');
  await editor.getByLabel('A failed answer opens maintenance').check();
  await expectAccessible(page, 'inspection template editor');
  await editor.getByRole('button', { name: 'Save template' }).click();
  await expect(editor).toBeHidden();

  await page.getByRole('button', { name: `Fill in ${name}` }).click();
  const form = page.getByRole('dialog', { name });
  await form.getByLabel('Charger').click();
  await page.getByRole('option', { name: 'Bay 2' }).click();
  await form.getByRole('radio', { name: 'No' }).check();
  await expect(form.getByText('Fails: answered No — the charger will be put in maintenance')).toBeVisible();
  await expectAccessible(page, 'inspection form with a failed answer');
  await form.getByRole('button', { name: 'Complete inspection' }).click();
  await expect(form).toBeHidden();

  const records = page.getByRole('table', { name: 'Inspection records' });
  const row = records.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Bay 2');
  await expect(row).toContainText(demoEmail('Admin'));
  await expect(row).toContainText('1 failed · maintenance opened');
  await row.getByRole('button').click();
  const detail = page.getByRole('dialog', { name: new RegExp(name) });
  await expect(detail).toContainText('Is the cable intact?');
  await expect(detail).toContainText('No — failed');
  await expectAccessible(page, 'inspection record');
  await detail.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('region', { name: 'In maintenance now' }).getByRole('row', { name: new RegExp(INSPECTED) })).toBeVisible();

  // The checklist is retired: it leaves the active list and cannot be filled in, its record still reads the same.
  const templates = page.getByRole('region', { name: 'Inspection templates' });
  const filter = templates.getByRole('group', { name: 'Show templates' });
  await filter.getByRole('button', { name: 'Archived' }).click();
  await expect(templates.getByText('No archived templates at this location')).toBeVisible();
  await filter.getByRole('button', { name: 'Active' }).click();
  await templates.getByRole('button', { name: `Archive ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
  await expect(confirm).toContainText('Completed inspections filled in on it stay as they are');
  await expectAccessible(page, 'archive template confirmation');
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page, 'Inspection template archived')).toBeVisible();
  await expect(templates.getByRole('button', { name: `Fill in ${name}` })).toBeHidden();
  await expect(row).toContainText('Archived');
  await row.getByRole('button').click();
  await expect(detail).toContainText('Template archived');
  await expect(detail).toContainText('No — failed');
  await detail.getByRole('button', { name: 'Close' }).click();

  await filter.getByRole('button', { name: 'Archived' }).click();
  await expect(templates.getByText(name)).toBeVisible();
  await expect(templates.getByRole('button', { name: `Edit ${name}` })).toBeHidden();
  await expectAccessible(page, 'archived inspection templates');
  await templates.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(toast(page, 'Inspection template restored')).toBeVisible();
  await expect(templates.getByText('No archived templates at this location')).toBeVisible();
  await filter.getByRole('button', { name: 'Active' }).click();
  await expect(templates.getByRole('button', { name: `Fill in ${name}` })).toBeVisible();
  await expect(row).not.toContainText('Archived');
});

test('a read-only admin sees the inspection templates but no way to change, archive or fill them in', async ({ page, loginAs }) => {
  const name = `Lighting check ${Date.now().toString(36)}`;
  const admin = await apiAs(demoEmail('SuperAdmin'));
  const { items } = await admin.get<{ items: { id: string }[] }>('/locations?search=Embarcadero');
  await admin.post('/inspection-templates', {
    locationId: items[0]!.id,
    name,
    target: 'location',
    sections: [{ title: 'Lights', questions: [{ text: 'All lights working?', kind: 'yes-no' }] }],
  });
  await loginAs('ReadonlyAdmin');
  await page.goto('/dashboard/maintenance');
  await chooseLocation(page, 'embarcadero', /Embarcadero Center Garage/);
  const templates = page.getByRole('region', { name: 'Inspection templates' });
  await expect(templates.getByText(name)).toBeVisible();
  for (const action of [`Edit ${name}`, `Archive ${name}`, `Fill in ${name}`, 'New template'])
    await expect(templates.getByRole('button', { name: action })).toHaveCount(0);
});

test('a manufacturing admin imports testing data (all or nothing) and sees the charger’s test history', async ({ page, loginAs }) => {
  const testName = `Insulation ${Date.now().toString(36)}`;
  await loginAs('ManufacturingAdmin');
  await page.goto('/dashboard/firmware');
  await chooseLocation(page, 'diridon', /Diridon Station/);
  const section = page.getByRole('region', { name: 'Manufacturing data' });

  await section.getByRole('button', { name: 'Import testing data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import testing data' });
  const csv = (rows: string[]) => ({ name: 'tests.csv', mimeType: 'text/csv', buffer: Buffer.from([CSV_HEADER, ...rows].join('\n')) });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      csv([`${TESTED_SERIAL},${testName},pass,512.5,MOhm,2026-11-02T08:15:00Z,EOL-1`, `SN-NOT-HERE,${testName},fail,1,V,2026-11-02T08:16:00Z,EOL-1`]),
    );
  await dialog.getByRole('button', { name: 'Import' }).click();
  const refused = dialog.getByRole('table', { name: 'Rows with errors' });
  await expect(refused).toContainText('SN-NOT-HERE');
  await expectAccessible(page, 'testing-data import with refused rows');

  await dialog.getByLabel('CSV file').setInputFiles(csv([`${TESTED_SERIAL},${testName},pass,512.5,MOhm,2026-11-02T08:15:00Z,EOL-1`]));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();

  await section.getByLabel('Charger').click();
  await page.getByRole('option', { name: new RegExp(TESTED_SERIAL) }).click();
  const history = section.getByRole('table', { name: 'Test history of Bay 3' });
  await expect(history.getByRole('row', { name: new RegExp(testName) })).toContainText('Pass');
  await expect(history.getByRole('row', { name: new RegExp(testName) })).toContainText('512.5 MOhm');
  await expectAccessible(page, 'firmware screen with manufacturing data');
});

test('a manufacturing admin sees a photo over 2 MB refused before it is sent, uploads one and downloads the quick report', async ({
  page,
  loginAs,
}) => {
  await loginAs('ManufacturingAdmin');
  await page.goto('/dashboard/firmware');
  await chooseLocation(page, 'diridon', /Diridon Station/);
  const section = page.getByRole('region', { name: 'Manufacturing data' });
  await section.getByLabel('Charger').click();
  await page.getByRole('option', { name: /SN070004/ }).click();

  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/photo')) sent += 1;
  });
  const input = section.getByLabel(/^Photo of Bay 4/);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(section.getByRole('alert')).toHaveText('Photo size should not exceed 2 MB');
  expect(sent).toBe(0);

  await input.setInputFiles({ name: 'bay4.png', mimeType: 'image/png', buffer: PNG });
  await expect(section.getByRole('img', { name: 'Photo of Bay 4' })).toBeVisible();
  await expect(section.getByText(`by ${demoEmail('ManufacturingAdmin')}`)).toBeVisible();
  expect(sent).toBe(1);

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Quick report' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});
