import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';

test('the activity log filters on the server and exports the filtered rows as CSV', async ({ page, loginAs }) => {
  await loginAs('ReadonlyAdmin');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await loginAs('SuperAdmin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity Log' }).click();
  await expect(page.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Activity' });
  await expect(grid.getByText('superadmin@example.com').first()).toBeVisible();

  await page.getByLabel('Actor email').fill('readonlyadmin');
  // The filters reach the server after a debounce: wait for the filtered list before reading or exporting it.
  const filtered = page.waitForResponse(
    (response) => response.url().includes('/web/activity-logs?') && response.url().includes('action=auth.logout'),
  );
  await page.getByRole('combobox', { name: 'Action' }).fill('auth.logout');
  await filtered;
  await expect(grid.getByRole('row').filter({ hasText: 'Signed out' })).toHaveCount(1);
  await expect(grid.getByText('superadmin@example.com')).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Time (location time zone or UTC),Actor,Actor name,Actor type,Action,Entity,Entity id,Entity name,Location,Location id,Changes,IP address',
  );
  expect(lines.slice(1).every((line) => line.includes('readonlyadmin@example.com') && line.includes('auth.logout'))).toBe(true);
  expect(lines.length).toBeGreaterThan(1);
});

test('read-only administrators see the log of their locations but cannot export it', async ({ page, loginAs }) => {
  await loginAs('ReadonlyAdmin');
  await page.goto('/dashboard/activity-log');
  await expect(page.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Activity' }).getByText('readonlyadmin@example.com').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
});
