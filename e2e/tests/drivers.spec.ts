import { chooseLocation, expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/stack.ts';

// A driver of its own, so no other spec's driver or booking changes.
const EMAIL = 'leo.marchetti@example.com';
const TAG = 'E2E-LEO-0001';

test('invite a driver with an RFID card, then limit where, when and how much they charge', async ({ page, loginAs }) => {
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/drivers');
  await chooseLocation(page, 'civic', /Civic Center/);

  await page.getByRole('button', { name: 'Register driver' }).click();
  const invite = page.getByRole('dialog', { name: 'Register driver' });
  await invite.getByLabel('Email').fill(EMAIL);
  await invite.getByLabel('First name').fill('Leo');
  await invite.getByLabel('Last name').fill('Marchetti');
  await invite.getByRole('button', { name: 'Add ID tag' }).click();
  await invite.getByRole('textbox', { name: 'ID tag 1' }).fill(TAG);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: `Invitation sent to ${EMAIL}` })).toBeVisible();

  // Pending until they choose a password through the e-mailed link; the card is theirs already.
  const row = page.getByRole('grid', { name: 'Drivers' }).getByRole('row').filter({ hasText: EMAIL });
  await expect(row).toContainText('PENDING');
  await expect(row).toContainText(TAG);
  const mail = await waitForMail(EMAIL, 'You can charge at Civic Center');
  expect(mail.text).toMatch(/https?:\/\/\S+\?\S*token=/);

  const openRestrictions = async () => {
    await row.getByRole('button', { name: 'more' }).click();
    await page.getByRole('menuitem', { name: 'Details, sessions and restrictions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leo Marchetti' });
    await dialog.getByRole('tab', { name: 'Restrictions' }).click();
    return { dialog, form: dialog.getByRole('form', { name: 'Driver restrictions' }) };
  };
  const { dialog, form } = await openRestrictions();

  // Weekdays from 7 AM to 7 PM, at most 30 kWh a session and two sessions a day.
  const choose = async (field: string, option: string) => {
    await form.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose('Days', 'Weekdays');
  await choose('From', '7 AM');
  await choose('To', '7 PM');
  await form.getByLabel('Max sessions per day').fill('2');
  // A limit that cannot be met is refused with what to fix, before anything is sent.
  await form.getByLabel('Max kWh per session').fill('0');
  await form.getByRole('button', { name: 'Save restrictions' }).click();
  await expect(form.getByRole('alert')).toHaveText('Maximum kWh per session must be more than 0');
  await form.getByLabel('Max kWh per session').fill('30');
  await form.getByRole('button', { name: 'Save restrictions' }).click();
  // The toast sits outside the modal dialog, which hides the rest of the page from the accessibility tree.
  await expect(page.getByText('driver restrictions updated')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);

  // Opened again, the driver's restrictions are the saved ones.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const again = await openRestrictions();
  await expect(again.form.getByRole('combobox', { name: 'Days' })).toHaveText('Weekdays');
  await expect(again.form.getByRole('combobox', { name: 'From' })).toHaveText('7 AM');
  await expect(again.form.getByRole('combobox', { name: 'To' })).toHaveText('7 PM');
  await expect(again.form.getByLabel('Max kWh per session')).toHaveValue('30');
  await expect(again.form.getByLabel('Max sessions per day')).toHaveValue('2');
});
