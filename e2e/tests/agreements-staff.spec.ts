import { expect, test } from '../support/fixtures.ts';
import { stack, waitForMail } from '../support/stack.ts';

test('staff send an agreement from the profile screen, see it signed and download the signed copy', async ({ page, loginAs }) => {
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/profile/agreements');
  await expect(page.getByRole('heading', { name: 'Agreements' })).toBeVisible();
  await page.getByLabel('Location').fill('Civic Center');
  await page.getByRole('option', { name: /Civic Center Plaza Garage/ }).click();
  await expect(page.getByText('No agreements for this location yet')).toBeVisible();

  await page.getByRole('button', { name: 'Send agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send agreement' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Account name Field is required')).toBeVisible();
  await expect(dialog.getByText('Signer name Field is required')).toBeVisible();
  await dialog.getByLabel('Account name').fill('Civic Holdings Inc');
  await dialog.getByLabel('Signer name').fill('Avery Stone');
  await dialog.getByLabel('Signer email').fill('avery.stone@');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please enter a valid email-id')).toBeVisible();
  await dialog.getByLabel('Signer email').fill('avery.stone@example.com');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Agreement sent to avery.stone@example.com' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Civic Holdings Inc' });
  await expect(row).toContainText('Civic Center Plaza Garage');
  await expect(row).toContainText('sent');
  await row.getByRole('button', { name: 'Resend' }).click();
  await page.getByRole('dialog', { name: 'Resend agreement' }).getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Agreement sent again to avery.stone@example.com' })).toBeVisible();
  await expect(row).toContainText('(2×)');

  const mail = await waitForMail('avery.stone@example.com', 'Please sign');
  const tokenId = mail.text.match(/\/terms-and-conditions\/(\S+)/)![1]!;
  const signed = await fetch(`${stack().baseUrl}/web/terms-and-conditions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenId }),
  });
  expect(signed.status).toBe(200);

  await page.getByRole('button', { name: 'signed', exact: true }).click();
  await expect(row).toContainText('signed');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('signed-agreement-civic-center-plaza-garage.pdf');
  // Back on All, the list asks the server again: the signer changed the status meanwhile.
  await page.getByRole('button', { name: 'all', exact: true }).click();
  await expect(row).toContainText('signed');
});
