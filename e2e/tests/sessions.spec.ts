import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chooseLocation } from '../support/fixtures.ts';
import { expect, expectCommand, test } from '../support/simulated-chargers.ts';

// Santana Row Garage: Bays 1, 4 and 5 are used here and by no other spec.
const BAY_1 = 'WD-SJ-SANTANA-ROW-01';
const BAY_4 = 'WD-SJ-SANTANA-ROW-04';
const BAY_5 = 'WD-SJ-SANTANA-ROW-05';

const openSantanaRow = async (page: Page, path: string) => {
  await page.goto(path);
  await chooseLocation(page, 'santana', /Santana Row Garage/);
};

const manage = async (page: Page, bay: string) => {
  await page.getByRole('button', { name: `Manage ${bay}` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${bay} \\(`) });
  await expect(dialog.getByText('Status', { exact: true })).toBeVisible();
  return dialog;
};

/**
 * A toast. While a dialog is open the page behind it (toasts included) is hidden from assistive technology,
 * so the dialog repeats the answer in a status region; the toast itself is found here regardless.
 */
const toast = (page: Page, text: string) => page.getByRole('alert', { includeHidden: true }).filter({ hasText: text });

/** Driver tags of this run (the data outlives a run; at most 20 characters). */
const RUN = String(Date.now() % 100_000).padStart(5, '0');
const ALICE = `E2E-ALICE-${RUN}`;
const BOB = `E2E-BOB-${RUN}`;

test.describe.configure({ mode: 'serial' });

test('remote start and stop from the control center reach the charger, and the session shows live', async ({ page, loginAs, charger }) => {
  const bay4 = await charger(BAY_4);
  await loginAs('SuperAdmin');
  await openSantanaRow(page, '/dashboard/control-center');
  const dialog = await manage(page, 'Bay 4');
  await expect(dialog.getByText('Online')).toBeVisible();

  await dialog.getByRole('button', { name: 'Start session' }).click();
  const start = page.getByRole('dialog', { name: 'Start a session on Bay 4' });
  await start.getByRole('button', { name: 'Start session' }).click();
  await expect(start.getByText('Id tag is required')).toBeVisible();
  await start.getByLabel('Driver id tag').fill('E2E-REMOTE-1');
  await start.getByRole('button', { name: 'Start session' }).click();
  await expect(toast(page, 'Remote start for E2E-REMOTE-1: the charger answered Accepted')).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Remote start for E2E-REMOTE-1: the charger answered Accepted' })).toBeVisible();
  await expectCommand(bay4, 'RemoteStartTransaction', { idTag: 'E2E-REMOTE-1' });
  await expect.poll(() => bay4.activeTransactionId(1)).toBeDefined();
  const transactionId = bay4.activeTransactionId(1)!;

  const running = dialog.getByTestId('active-session');
  // Well under the screen's 30 s fallback refresh, so only the live feed can show the start and the stop this soon.
  // 2 s was too short for a charger's transaction, its pricing and the push on a busy CI machine (2026-11-29).
  const LIVE_MS = 10_000;
  await expect(running).toContainText('E2E-REMOTE-1', { timeout: LIVE_MS });
  await bay4.sendMeterValues(1);
  await expect(running.getByTestId('session-power')).toHaveText(/kW$/);

  await dialog.getByRole('button', { name: 'Stop the session on connector 1' }).click();
  await page.getByRole('dialog', { name: 'Stop this session?' }).getByRole('button', { name: 'Stop session' }).click();
  await expect(toast(page, `Remote stop of session ${transactionId}: the charger answered Accepted`)).toBeVisible();
  await expectCommand(bay4, 'RemoteStopTransaction', { transactionId });
  await expect(dialog.getByText('No session is running.')).toBeVisible({ timeout: LIVE_MS });
  await expect.poll(() => bay4.activeTransactionId(1)).toBeUndefined();
});

test('a remote action on an offline charger shows the offline message', async ({ page, loginAs }) => {
  await loginAs('SuperAdmin');
  await openSantanaRow(page, '/dashboard/control-center');
  const dialog = await manage(page, 'Bay 1');
  await expect(dialog).toContainText(BAY_1);
  // A demo charger no simulator runs: marked as such rather than reported offline (issue 39); still not reachable.
  await expect(dialog.getByText('Not connected (demo)', { exact: true }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset Bay 1?' });
  await confirm.getByLabel(/^Hard/).check();
  await confirm.getByRole('button', { name: 'Reset charger' }).click();
  await expect(toast(page, 'The charger is offline. Try again when it is connected')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole('status').filter({ hasText: 'The charger is offline. Try again when it is connected' })).toBeVisible();
});

test('sessions: filter by charger and driver, export the filtered rows, and see one session as a chart', async ({ page, loginAs, charger }) => {
  // Two sessions with meter values, on two chargers, for two drivers.
  const bay5 = await charger(BAY_5);
  await bay5.startSession({ connectorId: 1, idTag: ALICE });
  for (let n = 0; n < 3; n += 1) {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await bay5.sendMeterValues(1);
  }
  await bay5.stopSession({ connectorId: 1, reason: 'Local' });
  const bay4 = await charger(BAY_4);
  await bay4.startSession({ connectorId: 1, idTag: BOB });
  await new Promise((resolve) => setTimeout(resolve, 700));
  await bay4.sendMeterValues(1);
  await bay4.stopSession({ connectorId: 1, reason: 'EVDisconnected' });

  await loginAs('SuperAdmin');
  // From the assets page: the charger's Sessions action opens the list filtered to it.
  await openSantanaRow(page, '/dashboard/profile/assets');
  await page.getByRole('button', { name: 'Sessions of Bay 5' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sessions\?chargerId=/);
  const grid = page.getByRole('grid', { name: 'Charging sessions' });
  await expect(grid.getByRole('gridcell', { name: ALICE })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: BOB })).toHaveCount(0);

  // The charger filter, then the driver filter.
  await page.getByRole('combobox', { name: /^Charger/ }).click();
  await page.getByRole('option', { name: 'All chargers' }).click();
  await expect(grid.getByRole('gridcell', { name: BOB })).toBeVisible();
  await page.getByLabel('Driver id tag').fill(BOB.toLowerCase());
  await expect(grid.getByRole('gridcell', { name: ALICE })).toHaveCount(0);
  await expect(grid.getByRole('gridcell', { name: BOB })).toHaveCount(1);
  await expect(grid.getByRole('gridcell', { name: 'EVDisconnected' })).toBeVisible();

  // Export: the filtered rows, as CSV.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^charging-sessions.*\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Driver (id tag)');
  expect(lines.filter((line) => line.includes(BOB))).toHaveLength(1);
  expect(csv).not.toContain(ALICE);
  expect(csv).toContain(BAY_4);

  // One session: its meter values as a chart, with the numbers in words and as a table.
  await page.getByLabel('Driver id tag').fill(ALICE);
  await grid.getByRole('link', { name: /^Session \d+ on Bay 5$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/sessions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /^Session #\d+$/ })).toBeVisible();
  const chart = page.getByRole('img', { name: /^Energy and power of session \d+ over time$/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/meter values from .* energy delivered reached \d+\.\d\d kWh, power peaked at \d+\.\d kW\./);
  await page.getByText(/^Meter values as a table/).click();
  await expect(page.getByRole('table', { name: 'Meter values' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByText(ALICE)).toBeVisible();
});
