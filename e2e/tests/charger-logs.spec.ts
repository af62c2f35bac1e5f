import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chooseLocation } from '../support/fixtures.ts';
import { expect, test } from '../support/simulated-chargers.ts';

// Jack London Square, Bay 3: no other spec uses this charger. ReadonlyAdmin reaches the location too.
const BAY_3 = 'WD-OAK-JACK-LONDON-03';

const logGrid = (page: Page) => page.getByRole('grid', { name: 'Charger log' });
/** Rows of Bay 3 with a cell saying exactly this (a row's text runs its cells together). */
const bayRows = (page: Page, cell: string | RegExp) =>
  logGrid(page)
    .getByRole('row')
    .filter({ hasText: BAY_3 })
    .filter({ has: page.getByRole('gridcell', { name: cell, exact: true }) });

test.describe.configure({ mode: 'serial' });

test('the Logs screen follows a charger live, filters by charger and kind, and exports what it shows', async ({
  page,
  loginAs,
  charger,
  consoleErrors,
}) => {
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  await expect(page.getByText('Choose a location')).toBeVisible();
  await chooseLocation(page, 'jack', /Jack London Square/);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');

  await page.getByRole('combobox', { name: /^Charger/ }).click();
  await page.getByRole('option', { name: `Bay 3 (${BAY_3})` }).click();
  await expect(logGrid(page).getByText('No log entry matches these filters')).toBeVisible();

  // The charger connects and boots: its rows come in without a reload.
  await charger(BAY_3);
  await expect(bayRows(page, 'Connected')).toHaveCount(1);
  await expect(bayRows(page, /^Booted: /)).toHaveCount(1);

  await page.getByRole('combobox', { name: /^Kind/ }).click();
  await page.getByRole('option', { name: 'Boot', exact: true }).click();
  await expect(bayRows(page, 'Connected')).toHaveCount(0);
  await expect(bayRows(page, /^Booted: /)).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^charger-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Time \([A-Za-z_]+\/[A-Za-z_]+\),Charger,Charger id,Kind,Summary$/);
  // The summary has a comma ("…, firmware 1.4.2"), so its cell is quoted.
  expect(lines.slice(1)).toEqual([
    // The location's wall clock with its UTC offset.
    expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} [+-]\\d{2}:\\d{2},Bay 3,${BAY_3},boot,"Booted: .*, firmware .*"$`)),
  ]);
  expect(consoleErrors).toEqual([]);
});

test('ReadonlyAdmin sees the log of their location but has no export', async ({ page, loginAs }) => {
  await loginAs('ReadonlyAdmin');
  await page.goto('/dashboard/logs');
  await chooseLocation(page, 'jack', /Jack London Square/);
  await expect(bayRows(page, /^Booted: /)).toHaveCount(1);
  // The first test's charger went away when it ended.
  await expect(bayRows(page, 'Disconnected')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
});
