import { expectAccessible } from '../support/axe.ts';
import { expect, expectStored, test } from '../support/simulated-chargers.ts';

// Civic Center Plaza Garage, Bay 3: no other spec faults this charger.
const CHARGER_ID = 'WD-SF-CIVIC-CENTER-03';

test('a simulated charger faults: the notification arrives live in the bell, the page lists it by type and marks it read', async ({
  page,
  loginAs,
  charger,
}) => {
  await loginAs('Admin');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const simulated = await charger(CHARGER_ID);
  // Connected and reported before the fault, so the fault is the news.
  await expectStored(simulated);
  await simulated.fault(1, 'GroundFailure');
  await expect(bell).toHaveAccessibleName(/^Notifications, (\d+|99\+) unread$/, { timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: 'Unread: Bay 3 faulted' })).toBeVisible();
  await panel.getByRole('link', { name: 'See all' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'A charger faulted' }).click();
  await page.getByRole('combobox', { name: 'Read state' }).click();
  await page.getByRole('option', { name: 'Unread', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Notifications' });
  const row = grid.getByRole('row').filter({ hasText: 'Bay 3 faulted' }).first();
  await expect(row).toContainText('GroundFailure');
  await expect(row).toContainText('Civic Center Plaza Garage');
  await expect(row).toContainText('Unread');
  await expectAccessible(page, 'notifications page');

  // Keyboard: the row's action is reached with the keyboard and marks it read; the unread filter then drops it.
  const markRead = row.getByRole('menuitem', { name: 'Mark read: Bay 3 faulted' }).or(row.getByRole('button', { name: 'Mark read: Bay 3 faulted' }));
  await markRead.first().focus();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('row').filter({ hasText: 'Bay 3 faulted' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Read state' }).click();
  await page.getByRole('option', { name: 'Read', exact: true }).click();
  const readRow = grid.getByRole('row').filter({ hasText: 'Bay 3 faulted' }).first();
  await expect(readRow).toContainText('Read');
  await expect(readRow.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);
});
