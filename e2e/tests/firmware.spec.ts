import { expect, test } from '../support/simulated-chargers.ts';
import { chooseLocation } from '../support/fixtures.ts';

// Diridon Station: two of its chargers report a model of their own, so the campaign reaches only them.
const CHARGERS = ['WD-SJ-DIRIDON-01', 'WD-SJ-DIRIDON-02'];

test('a firmware campaign runs on simulated chargers to completion, stage by stage, and they reboot on the new version', async ({
  page,
  loginAs,
  charger,
}) => {
  test.setTimeout(240_000);
  const model = `E2E-${Date.now().toString(36)}`.slice(0, 20);
  const version = `8.${Date.now().toString(36)}`;
  const fleet = await Promise.all(CHARGERS.map((id) => charger(id, { model, firmwareVersion: '1.0.0', stepDelayMs: 200, reconnect: true })));

  await loginAs('SuperAdmin');
  await page.goto('/dashboard/firmware');
  await page.getByRole('button', { name: 'Upload firmware' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload firmware' });
  await upload.getByLabel('Version').fill(version);
  await upload.getByLabel('Models').fill(model);
  await upload
    .getByLabel('Firmware image file')
    .setInputFiles({ name: 'e2e.bin', mimeType: 'application/octet-stream', buffer: Buffer.from('e2e firmware image') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('row', { name: new RegExp(version) })).toBeVisible();

  await chooseLocation(page, 'diridon', /Diridon Station/);
  await page.getByRole('button', { name: 'Start campaign' }).click();
  const start = page.getByRole('dialog', { name: 'Start a firmware campaign' });
  await start.getByLabel('Firmware image').click();
  await page.getByRole('option', { name: new RegExp(version) }).click();
  await start.getByLabel('First stage (% of chargers)').fill('50');
  await start.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Update these chargers?' });
  await expect(confirm).toContainText('then restart');
  await confirm.getByRole('button', { name: 'Update chargers' }).click();

  await page.getByRole('button', { name: `Report of campaign ${version}` }).click();
  const report = page.getByRole('region', { name: `Campaign ${version} report` });
  await expect(report.getByTestId('campaign-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(report.getByRole('row', { name: /Updated/ })).toHaveCount(2);
  for (const simulated of fleet) expect(simulated.firmwareVersion).toBe(version);
});
