import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { stack, waitForMail } from '../support/stack.ts';

const EMAIL = 'mira.okafor@example.com';
const PASSWORD = 'Orbit#Meadow2026';
const NEW_PASSWORD = 'Quartz#Lantern74';

/** A fresh administrator, so changing their password and second factor touches no other test's account. */
const createAdmin = async () => {
  const superAdmin = await apiAs('superadmin@example.com');
  await superAdmin.post('/admins/invite', { email: EMAIL, firstName: 'Mira', lastName: 'Okafor', userType: 'ReadonlySuperAdmin', locationIds: [] });
  const mail = await waitForMail(EMAIL, 'You are invited to Wattdesk');
  const token = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
  const response = await fetch(`${stack().baseUrl}/web/users/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
};

const passwordStep = async (page: Page, password: string) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
};

const codeStep = async (page: Page, code: string) => {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
};

/** The next 30-second step's code: the one just used to turn the app on is spent (each code works once). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

// One long flow on one fresh account: several sign-ins in two browsers.
test.setTimeout(240_000);

test('two-step sign-in: set up the app, sign in with a code, a recovery code works once; a new password signs out the other browser', async ({
  page,
  browser,
}) => {
  await createAdmin();
  await page.goto('/');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/dashboard/profile/account-setting');
  await expect(page.getByRole('heading', { name: 'Account Setting' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(setup.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').textContent())!.trim();
  await setup.getByLabel('Authentication code').fill('12');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await setup.getByLabel('Authentication code').fill(await generate({ secret }));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const codes = (await codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: 'Download codes' }).click();
  expect((await download).suggestedFilename()).toBe('wattdesk-recovery-codes.txt');
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();
  await signOut(page);

  // Password, then a code from the app.
  await passwordStep(page, PASSWORD);
  await codeStep(page, '000000');
  await expect(page.getByRole('alert').filter({ hasText: 'The code is incorrect or has expired' })).toBeVisible();
  await codeStep(page, await nextCode(secret));
  await expect(page).toHaveURL(/\/dashboard/);
  await signOut(page);

  // A recovery code signs in once; the second time it is refused.
  await passwordStep(page, PASSWORD);
  await codeStep(page, codes[0]!);
  await expect(page).toHaveURL(/\/dashboard/);
  await signOut(page);
  await passwordStep(page, PASSWORD);
  await codeStep(page, codes[0]!);
  await expect(page.getByRole('alert').filter({ hasText: 'The code is incorrect or has expired' }).last()).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard/);

  // Another browser signs in too; changing the password here signs it out.
  await codeStep(page, codes[1]!);
  await expect(page).toHaveURL(/\/dashboard/);
  const other = await browser.newContext({ baseURL: stack().baseUrl });
  const otherPage = await other.newPage();
  await passwordStep(otherPage, PASSWORD);
  await codeStep(otherPage, codes[2]!);
  await expect(otherPage).toHaveURL(/\/dashboard/);

  await page.goto('/dashboard/profile/account-setting');
  await expect(page.getByRole('table', { name: 'Signed-in devices' }).getByRole('row')).toHaveCount(3);
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill(PASSWORD);
  const changeButton = password.getByRole('button', { name: 'Change password' });
  // Within the section: filling a field may scroll the page.
  const buttonTop = async () => ((await changeButton.boundingBox())?.y ?? 0) - ((await password.boundingBox())?.y ?? 0);
  const buttonBefore = await buttonTop();
  await password.getByLabel('New password', { exact: true }).fill('Password1!');
  await password.getByLabel('Re-type new password').fill('Password1!');
  // The strength meter arrives after its estimator loads: the button must not move under the pointer when it does.
  await expect(password.getByRole('progressbar', { name: 'Password strength' })).toBeVisible();
  expect(await buttonTop()).toBe(buttonBefore);
  await changeButton.click();
  await expect(password.getByText('This password is too easy to guess', { exact: false }).first()).toBeVisible();
  await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Re-type new password').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Signed-in devices' }).getByRole('row')).toHaveCount(2);

  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await waitForMail(EMAIL, 'Your Wattdesk password was changed');
  await other.close();
});
