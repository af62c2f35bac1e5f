import { expect, signIn, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/stack.ts';

test('forgot password → e-mail → reset → sign in with the new password', async ({ page }) => {
  const email = 'thirdpartymanufacturer@example.com';
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Forgot Password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Please enter email')).toBeVisible();
  await dialog.getByLabel('Email').fill('broken@');
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'password reset link sent' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await waitForMail(email, 'Reset your Wattdesk password');
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Please enter new password')).toBeVisible();
  await expect(page.getByText('Please re-type new password')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('alllowercase');
  await expect(page.getByText('Password must contain a special character(^@$), number(0-9), uppercase(A-Z) and lowercase(a-z)')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Fresh#Start2026');
  await page.getByLabel('Re-type new password').fill('Fresh#Start2027');
  await expect(page.getByText('Password should match')).toBeVisible();
  await page.getByLabel('Re-type new password').fill('Fresh#Start2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Again#Start2026');
  await page.getByLabel('Re-type new password').fill('Again#Start2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired' })).toBeVisible();

  await signIn(page, email, 'Fresh#Start2026');
  await expect(page).toHaveURL(/\/dashboard/);
});

test('the reset screen without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Token not found! Please try again')).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});
