import { MENU_ITEMS } from '@wattdesk/shared/menus';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { expectAccessible } from '../support/axe.ts';
import { checkDialog } from '../support/dialogs.ts';
import { chooseLocation, demoEmail } from '../support/fixtures.ts';
import { trackNetwork } from '../support/network.ts';
import { expect, test } from '../support/simulated-chargers.ts';
import { waitForMail } from '../support/stack.ts';

/**
 * axe (WCAG 2.0/2.1 A and AA) on every screen and dialog; serious and critical findings fail (docs/accessibility.md).
 * Each dialog is opened from the keyboard and checked for focus on open, Escape and focus return on the way.
 * Nothing here changes what later specs find: dialogs are closed unsent; what is created is this spec's own.
 */

const A11Y_LOCATION = 'Lake Merritt Offices';
// Bay 2 of Lake Merritt charges during the sessions check; no other spec uses it.
const A11Y_CHARGER = 'WD-OAK-LAKE-MERRITT-02';
const SIGNER = 'a11y.signer@example.com';
const A11Y_ACCOUNT = 'Lake Merritt Holdings';

/** Lake Merritt in the top bar's switcher, checked (and picked again if a late answer of the list undid it). */
const pickA11yLocation = async (page: Page) => {
  await expect(async () => {
    await chooseLocation(page, 'lake merritt', /Lake Merritt Offices/);
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(A11Y_LOCATION, { timeout: 2000 });
  }).toPass();
};

const screenReady = async (page: Page, network: ReturnType<typeof trackNetwork>) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await network.idle({ quietMs: 300 });
};

/** This spec's own agreement at Lake Merritt, sent once: each test that needs it asks, so any one runs alone. */
const sendA11yAgreement = async () => {
  const staff = await apiAs(demoEmail('SuperAdmin'));
  const { items } = await staff.get<{ items: { id: string }[] }>(`/locations?search=${encodeURIComponent(A11Y_LOCATION)}`);
  const locationId = items[0]!.id;
  const sent = await staff.get<{ items: { accountName: string }[] }>(`/agreements?locationId=${locationId}&pageSize=200`);
  if (sent.items.some((agreement) => agreement.accountName === A11Y_ACCOUNT)) return;
  await staff.post('/agreements', {
    locationId,
    accountName: A11Y_ACCOUNT,
    signerName: 'Alex Reader',
    signerEmail: SIGNER,
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
};

test('sign-in, reset-password, agreement and provider-result screens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in, e-mail step');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await expectAccessible(page, 'sign-in, e-mail step with an error');
  await page.getByLabel('Email').fill(demoEmail('SuperAdmin'));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await expectAccessible(page, 'sign-in, password step');
  await checkDialog(page, page.getByRole('button', { name: 'Forgot Password' }), 'Forgot Password');

  await page.goto('/reset-password?token=not-checked-until-sent');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.goto('/reset-password');
  await expect(page.getByText('Token not found! Please try again')).toBeVisible();
  await expectAccessible(page, 'reset password without a token');

  await sendA11yAgreement();
  const link = (await waitForMail(SIGNER, 'Please sign')).text.match(/https?:\/\/\S+\/terms-and-conditions\/\S+/)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: A11Y_ACCOUNT })).toBeVisible();
  await expectAccessible(page, 'agreement');
  await page.goto('/terms-and-conditions/unknown-token');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'agreement, unknown link');

  await page.goto('/stripe/connected');
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await expectAccessible(page, 'stripe connected, FAILED');
});

test('every dashboard menu screen, the location switcher, sessions and the error dialog', async ({ page, loginAs, charger }) => {
  test.setTimeout(600_000);
  const network = trackNetwork(page);
  await loginAs('SuperAdmin');
  for (const [index, item] of MENU_ITEMS.entries()) {
    await page.goto(item.path);
    await screenReady(page, network);
    // The frame (top bar, navigation) is checked whole with the first entry of each menu group, then only the main area.
    const isFirstOfGroup = MENU_ITEMS.findIndex((other) => other.group === item.group) === index;
    await expectAccessible(page, item.label, isFirstOfGroup ? undefined : 'main');
  }
  const switcher = page.getByRole('combobox', { name: 'Location' });
  await switcher.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectAccessible(page, 'location switcher, open');
  await page.keyboard.press('Escape');

  // A running session: its Active chip and live figures are on the list and the detail.
  const simulated = await charger(A11Y_CHARGER);
  await simulated.startSession({ connectorId: 1, idTag: 'A11Y-1' });
  await page.goto('/dashboard/sessions');
  await pickA11yLocation(page);
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await screenReady(page, network);
  await expectAccessible(page, 'sessions');
  await page
    .getByRole('link', { name: /^Session \d+ on / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Session #\d+/ })).toBeVisible();
  await network.idle({ quietMs: 300 });
  await expectAccessible(page, 'session detail');

  await page.evaluate(() => void setTimeout(() => void Promise.reject(new Error('a11y check')), 0));
  await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
  await expectAccessible(page, 'global error dialog');
  await page.getByRole('button', { name: 'Close' }).click();
});

test('dialogs: administrators and chargers', async ({ page, loginAs }) => {
  test.setTimeout(360_000);
  const network = trackNetwork(page);
  await loginAs('SuperAdmin');

  await page.goto('/dashboard/manage-admins');
  await screenReady(page, network);
  await checkDialog(page, page.getByRole('button', { name: 'Invite administrator' }), 'Invite administrator');
  const adminRow = page.getByRole('grid', { name: 'Administrators' }).getByRole('row').filter({ hasText: 'admin@example.com' }).first();
  const more = adminRow.getByRole('button', { name: 'more' });
  await more.click();
  await checkDialog(page, page.getByRole('menuitem', { name: 'Change type or locations' }), /^Change /, { returnTo: more });

  await page.goto('/dashboard/profile/assets');
  await screenReady(page, network);
  await pickA11yLocation(page);
  await expect(page.getByRole('gridcell', { name: /^Bay 1 WD-OAK-LAKE-MERRITT-01/ })).toBeVisible();
  await expectAccessible(page, 'assets of one location');
  await checkDialog(page, page.getByRole('button', { name: 'Add charger' }), 'Add charger');
  await checkDialog(page, page.getByRole('button', { name: 'Import CSV' }), /Import chargers/);
  await checkDialog(page, page.getByRole('menuitem', { name: 'Edit Bay 1' }).or(page.getByRole('button', { name: 'Edit Bay 1' })), 'Edit Bay 1');
  await checkDialog(page, page.getByRole('button', { name: 'Move Bay 1' }), /Move Bay 1/);
  await checkDialog(page, page.getByRole('button', { name: 'Delete Bay 1' }), 'Delete Bay 1?');

  await page.getByRole('button', { name: 'Manage Bay 1' }).click();
  const details = page.getByRole('dialog', { name: /^Bay 1 / });
  await expect(details.getByRole('group', { name: 'Charger actions' })).toBeVisible();
  await expectAccessible(page, 'charger details, overview');
  for (const [opener, name] of [
    ['Start session', /Start a session/],
    ['Reset…', 'Reset Bay 1?'],
    ['Diagnostics…', /^Request diagnostics/],
    ['Reset OCPP password', /Reset the OCPP password/],
  ] as const) {
    await checkDialog(page, details.getByRole('button', { name: opener }), name);
  }
  await details.getByRole('tab', { name: 'Log' }).click();
  await network.idle({ quietMs: 300 });
  await expectAccessible(page, 'charger details, log');
  await page.keyboard.press('Escape');
});

test('dialogs: maintenance, agreements, the reseller flag', async ({ page, loginAs }) => {
  test.setTimeout(360_000);
  const network = trackNetwork(page);
  await loginAs('SuperAdmin');

  await page.goto('/dashboard/maintenance');
  await screenReady(page, network);
  await pickA11yLocation(page);
  await page
    .getByRole('region', { name: 'Chargers', exact: true })
    .getByRole('checkbox', { name: /^Select Bay 1 / })
    .check();
  await expectAccessible(page, 'maintenance with a charger ticked');
  await checkDialog(page, page.getByRole('button', { name: 'Put in maintenance' }), /^Put 1 charger in maintenance/);

  await sendA11yAgreement();
  await page.goto('/dashboard/profile/agreements');
  await screenReady(page, network);
  await expect(page.getByRole('row').filter({ hasText: A11Y_ACCOUNT })).toBeVisible();
  await expectAccessible(page, 'agreements with a row');
  await checkDialog(page, page.getByRole('button', { name: 'Send agreement' }), 'Send agreement');
  await checkDialog(page, page.getByRole('row').filter({ hasText: A11Y_ACCOUNT }).getByRole('button', { name: 'Resend' }), 'Resend agreement');

  await page.goto('/dashboard/profile/location-name');
  await screenReady(page, network);
  await chooseLocation(page, 'all', /All locations/);
  await page.getByRole('grid', { name: 'Locations' }).getByRole('checkbox').nth(1).check();
  await checkDialog(page, page.getByRole('button', { name: 'Mark as reseller' }), /^Set the reseller flag/);
});

test('dialogs: drivers', async ({ page, loginAs }) => {
  test.setTimeout(240_000);
  const network = trackNetwork(page);
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/drivers');
  await screenReady(page, network);
  await chooseLocation(page, 'embarcadero', /Embarcadero Center Garage/);
  const row = page.getByRole('grid', { name: 'Drivers' }).getByRole('row').filter({ hasText: 'maya.patel@' });
  await expect(row).toBeVisible();
  await network.idle({ quietMs: 300 });
  await expectAccessible(page, 'drivers of one location', 'main');
  await checkDialog(page, page.getByRole('button', { name: 'Register driver' }), 'Register driver');
  await checkDialog(page, page.getByRole('button', { name: 'Import CSV' }), /^Import drivers/);
  const more = row.getByRole('button', { name: 'more' });
  await more.click();
  await checkDialog(page, page.getByRole('menuitem', { name: 'Edit' }), 'Edit Maya Patel', { returnTo: more });
  await more.click();
  await checkDialog(page, page.getByRole('menuitem', { name: 'Details, sessions and restrictions' }), 'Maya Patel', { returnTo: more });
});

test('payouts: authorizing, approved, connected and the disconnect dialog', async ({ page, loginAs }) => {
  const network = trackNetwork(page);
  await loginAs('SuperAdmin');
  await page.goto('/dashboard/profile/payouts-account-details');
  await screenReady(page, network);
  await pickA11yLocation(page);
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  // Holds the exchange for a moment, so the AUTHORIZING state stays on screen long enough to be checked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/web/payments/connect', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Authorize access' }).click();
  await expect(page.getByText('Authorizing your Stripe account…')).toBeVisible();
  await expectAccessible(page, 'stripe connected, AUTHORIZING');
  release();
  await expect(page.getByRole('status').filter({ hasText: /is connected/ })).toBeVisible();
  await expectAccessible(page, 'stripe connected, APPROVED');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expectAccessible(page, 'payouts account, connected');
  await checkDialog(page, page.getByRole('button', { name: 'Disconnect' }), 'Disconnect Stripe?');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog', { name: 'Disconnect Stripe?' }).getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('No Stripe account connected')).toBeVisible();
});
