import { readFile } from 'node:fs/promises';
import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, expect, test } from '../support/fixtures.ts';

test('money end to end: link a bank account in the Plaid sandbox (a refusal first), transfer the balance, download the statement as CSV and PDF', async ({
  page,
  loginAs,
}) => {
  // A long journey (two providers, a transfer, two downloads): more than the default two minutes on a busy machine.
  test.setTimeout(360_000);
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/profile/payouts-account-details');
  // Diridon Station Garage: no other spec moves its money (payouts.spec.ts uses SAP Center Lot).
  await chooseLocation(page, 'diridon', /Diridon Station Garage/);
  await expect(page.getByText('A bank-linking provider is set to sandbox mode.').first()).toBeVisible();
  await expect(page.getByText('No bank account linked')).toBeVisible();

  // The sandbox bank that refuses the token exchange: the spec's message with Plaid's reason, nothing saved.
  await page.getByRole('button', { name: 'Link bank account' }).click();
  const link = page.getByRole('dialog', { name: 'Link a bank account (Plaid sandbox)' });
  await expect(link).toContainText('A bank-linking provider is set to sandbox mode.');
  await expectAccessible(page, 'sandbox Link');
  await link.getByRole('radio', { name: /Refusal Savings & Loan/ }).check();
  await link.getByRole('button', { name: 'Sign in' }).click();
  await link.getByRole('button', { name: 'Continue' }).click();
  await expect(link).toBeHidden();
  const refusal = page.getByRole('alert').filter({ hasText: 'Unable to Add Bank Account!!' });
  await expect(refusal).toContainText('This financial institution is not currently supported.');
  await expect(page.getByText('No bank account linked')).toBeVisible();

  // A wrong password is refused by the sandbox bank itself; then the good credentials and the savings account.
  await page.getByRole('button', { name: 'Link bank account' }).click();
  await link.getByRole('radio', { name: /First Platypus Bank/ }).check();
  await link.getByLabel('Password').fill('wrong');
  await link.getByRole('button', { name: 'Sign in' }).click();
  await expect(link.getByRole('alert').filter({ hasText: 'credentials were not correct' })).toBeVisible();
  await link.getByLabel('Password').fill('pass_good');
  await link.getByRole('button', { name: 'Sign in' }).click();
  await link.getByRole('radio', { name: /Plaid Saving ••••1111/ }).check();
  await link.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'bank account saved' })).toBeVisible();
  await expect(page.getByText('First Platypus Bank', { exact: true })).toBeVisible();
  await expect(page.getByText('Plaid Saving ••••1111')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Payouts cannot be sent yet' })).toContainText('First Platypus Bank ••••1111');
  await expect(refusal).toBeHidden();

  // Payouts go through the connected Stripe account (sandbox), then to the bank.
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await page.getByRole('button', { name: 'Authorize access' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Stripe account acct_sbx\w+ is connected/ })).toBeVisible();
  // The bank account linked through Plaid is now the connected account's payout destination (issue 43).
  await page.goto('/dashboard/profile/payouts-account-details');
  await expect(
    page.getByRole('alert').filter({ hasText: /Payouts go to First Platypus Bank ••••1111, on the Stripe account acct_sbx\w+\./ }),
  ).toBeVisible();

  await page.goto('/dashboard/profile/payout');
  await expect(page.getByRole('heading', { name: 'Payouts History' })).toBeVisible();
  await page.getByRole('button', { name: 'Transfer balance' }).click();
  await page.getByRole('dialog', { name: 'Transfer the balance?' }).getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'transfer sent' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Payouts' }).getByRole('row').nth(1);
  await expect(row).toContainText('In transit');
  await expect(row).toContainText('Requested by superadmin@example.com');
  await expect(row).toContainText(/First Platypus Bank ••••1111 on acct_sbx\w+/);

  const download = async (name: string) => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name }).click();
    const file = await downloading;
    return { name: file.suggestedFilename(), content: await readFile(await file.path()) };
  };
  const csv = await download('Download CSV');
  expect(csv.name).toMatch(/^payout-statement-\d{4}-\d{2}\.csv$/);
  expect(csv.content.toString('utf8')).toMatch(/Transfer/);
  const pdf = await download('Download PDF');
  expect(pdf.name).toMatch(/^payout-statement-\d{4}-\d{2}\.pdf$/);
  expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.content.length).toBeGreaterThan(1000);

  // Stripe pays into it, so it cannot simply be removed: the answer says what to do instead, and nothing changes.
  await page.goto('/dashboard/profile/payouts-account-details');
  await page.getByRole('button', { name: 'Remove bank account' }).click();
  await page.getByRole('dialog', { name: 'Remove the bank account?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to remove your bank account' })).toContainText(
    'Replace it with another bank account, or disconnect Stripe first',
  );
  await expect(page.getByText('Plaid Saving ••••1111')).toBeVisible();
});
