import { expect, signIn, test } from '../support/fixtures.ts';
import { stack, waitForMail } from '../support/stack.ts';

const INVITEE = 'ines.duarte@example.com';
const PASSWORD = 'Welcome#Aboard2026';

test('invite an administrator → e-mail → set a password → sign in; deactivation locks them out', async ({ page, browser, loginAs }) => {
  await loginAs('SuperAdmin');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Manage Admins' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Admins' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Administrators' });
  await expect(grid.getByRole('gridcell', { name: 'admin@example.com', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Invite administrator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite administrator' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Email Field is required')).toBeVisible();
  await expect(dialog.getByText('First name Field is required')).toBeVisible();
  await expect(dialog.getByText('Choose an administrator type')).toBeVisible();

  await dialog.getByLabel('Email').fill(INVITEE);
  await dialog.getByLabel('First name').fill('Ines1');
  await dialog.getByLabel('Last name').fill('Duarte');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Administrator', exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('First name Should be alphabetic only')).toBeVisible();
  await expect(dialog.getByText('Choose at least one location')).toBeVisible();
  await dialog.getByLabel('First name').fill('Ines');
  await dialog.getByRole('combobox', { name: 'Locations' }).fill('Mission');
  await page.getByRole('option', { name: 'Mission Bay Commons (San Francisco)' }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Invitation sent to ${INVITEE}` })).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search name or email').fill('duarte');
  const row = grid.getByRole('row').filter({ hasText: INVITEE });
  await expect(row.getByText('PENDING')).toBeVisible();
  await expect(row.getByText('Mission Bay Commons')).toBeVisible();

  const mail = await waitForMail(INVITEE, 'You are invited to Wattdesk');
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0];
  const inviteeContext = await browser.newContext({ baseURL: stack().baseUrl });
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Welcome to Wattdesk' })).toBeVisible();
  await invitee.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Re-type new password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Set Password' }).click();
  await expect(invitee.getByText('Your password is set and your account is active')).toBeVisible();
  await signIn(invitee, INVITEE, PASSWORD);
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Manage Admins' })).toHaveCount(0);

  await page.reload();
  await page.getByLabel('Search name or email').fill('duarte');
  await expect(row.getByText('ACTIVE', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'more' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate administrator?' });
  await expect(confirm.getByText(INVITEE)).toBeVisible();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ines Duarte deactivated' })).toBeVisible();
  await expect(row.getByText('INACTIVE')).toBeVisible();

  // The invitee's open session ends: the next call is refused and the app signs them out.
  await invitee.goto('/dashboard/activity-log');
  await expect(invitee).toHaveURL(/\/$/, { timeout: 15_000 });
  await signIn(invitee, INVITEE, PASSWORD);
  await expect(invitee.getByRole('alert').filter({ hasText: 'This account is inactive. Contact your administrator' })).toBeVisible();
  await inviteeContext.close();
});

test('roles without administrator management do not get the screen or its actions', async ({ page, loginAs }) => {
  await loginAs('ReadonlySuperAdmin');
  await page.goto('/dashboard/manage-admins');
  await expect(page.getByRole('heading', { name: 'Manage Admins' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Administrators' }).getByRole('gridcell', { name: 'admin@example.com', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite administrator' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'more' })).toHaveCount(0);
});
