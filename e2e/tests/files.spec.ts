import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, expect, test } from '../support/fixtures.ts';

// A 1×1 PNG and a minimal PDF: real files, judged by their bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('a host uploads a document and a photo to a driver, sees the photo’s thumbnail, is refused an oversize photo, and deletes the document', async ({
  page,
  loginAs,
}) => {
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/drivers');
  // Civic Center's driver: no other spec opens it.
  await chooseLocation(page, 'civic', /Civic Center/);
  const row = page.getByRole('grid', { name: 'Drivers' }).getByRole('row').filter({ hasText: 'ravi.menon@' });
  await row.getByRole('button', { name: 'more' }).click();
  await page.getByRole('menuitem', { name: 'Details, sessions and restrictions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ravi Menon' });
  await dialog.getByRole('tab', { name: 'Documents' }).click();

  await dialog.getByLabel('Document file').setInputFiles({ name: 'rental-contract.pdf', mimeType: 'application/pdf', buffer: PDF });
  // The toast sits outside the modal dialog, which hides the rest of the page from the accessibility tree.
  await expect(page.getByText('document uploaded')).toBeVisible();
  const files = dialog.getByRole('list', { name: 'Documents and photos' });
  await expect(files.getByRole('listitem').filter({ hasText: 'rental-contract.pdf' })).toContainText('Document');

  await dialog.getByLabel('Photo file').setInputFiles({ name: 'car.png', mimeType: 'image/png', buffer: PNG });
  await expect(files.getByRole('img', { name: 'Preview of car.png' })).toBeVisible();

  // Over the limit: refused with the spec's message before anything is sent.
  await dialog.getByLabel('Photo file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(dialog.getByRole('alert')).toHaveText('Photo size should not exceed 2 MB');
  // A renamed program: refused by the server from its bytes.
  await dialog
    .getByLabel('Document file')
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00program') });
  await expect(dialog.getByRole('alert')).toContainText('Unable to upload your document');
  await expectAccessible(page, 'driver documents', '[role="dialog"]');

  await files.getByRole('button', { name: 'Delete rental-contract.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this file?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByRole('listitem').filter({ hasText: 'rental-contract.pdf' })).toHaveCount(0);
  await expect(files.getByRole('listitem').filter({ hasText: 'car.png' })).toBeVisible();
});
