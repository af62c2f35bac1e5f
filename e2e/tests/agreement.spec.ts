import { failureMessages, successMessages } from '@wattdesk/shared';
import { apiAs } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/stack.ts';

/** Staff create and send an agreement; the signer's link comes from the invitation e-mail. */
const sendAgreement = async (signerEmail: string) => {
  const staff = await apiAs('superadmin@example.com');
  const { items } = await staff.get<{ items: { id: string }[] }>('/locations?search=Mission%20Bay');
  await staff.post('/agreements', {
    locationId: items[0]!.id,
    accountName: 'Mission Bay Partners LP',
    signerName: 'Riley Chen',
    signerEmail,
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const mail = await waitForMail(signerEmail, 'Please sign');
  return mail.text.match(/https?:\/\/\S+\/terms-and-conditions\/\S+/)![0];
};

test('agreement page: header, embedded PDF, consent, Submit states, success and the signed copy by e-mail', async ({ page, consoleErrors }) => {
  const signer = 'riley.chen@example.com';
  const link = await sendAgreement(signer);
  const pdfResponse = page.waitForResponse((response) => response.url().includes('/web/terms-and-conditions/document'));
  await page.goto(link);

  await expect(page.getByRole('heading', { name: 'Mission Bay Partners LP' })).toBeVisible();
  await expect(page.getByText('Mission Bay Commons', { exact: true })).toBeVisible();
  await expect(page.getByText('1600 Owens Street, San Francisco, CA 94158')).toBeVisible();
  await expect(page.getByTitle('Agreement document')).toBeVisible();
  const pdf = await pdfResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // Chromium hands the framed PDF to its viewer, so the bytes are read with a plain request.
  expect((await (await page.request.get(pdf.url())).body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.screenshot({ path: 'test-results/agreement-page.png', fullPage: true });
  await expect(page.getByText('I agree to sign this agreement electronically', { exact: false })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('I have read the agreement and agree to sign it electronically').check();
  await expect(submit).toBeEnabled();

  // A slow network, so the busy state can be seen.
  await page.route('**/web/terms-and-conditions', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await submit.click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.getByText(successMessages.agreementSubmitted)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toContainText('Wattdesk');

  const confirmation = await waitForMail(signer, 'Your signed agreement');
  expect(confirmation.attachments).toHaveLength(1);
  expect(confirmation.attachments[0]!.contentType).toBe('application/pdf');
  expect(Buffer.from(confirmation.attachments[0]!.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

  // Signed now: opening the link again shows the spec's error at once.
  await page.unroute('**/web/terms-and-conditions');
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: failureMessages.agreement })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  expect(consoleErrors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});

test('agreement page: submitting one that was signed meanwhile shows the error message', async ({ page, browser }) => {
  const link = await sendAgreement('second.tab@example.com');
  await page.goto(link);
  await expect(page.getByTitle('Agreement document')).toBeVisible();

  const other = await browser.newPage();
  await other.goto(link);
  await other.getByLabel('I have read the agreement and agree to sign it electronically').check();
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByText(successMessages.agreementSubmitted)).toBeVisible();
  await other.close();

  await page.getByLabel('I have read the agreement and agree to sign it electronically').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: failureMessages.agreement })).toBeVisible();
  await expect(page.getByText(successMessages.agreementSubmitted)).toHaveCount(0);
});

test('agreement page: an unknown link shows the error message and no form', async ({ page }) => {
  await page.goto('/terms-and-conditions/not-a-real-token');
  await expect(page.getByRole('alert').filter({ hasText: failureMessages.agreement })).toBeVisible();
  await expect(page.getByTitle('Agreement document')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
});
