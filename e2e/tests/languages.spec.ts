import { demoEmail, expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/stack.ts';

// An account no other journey signs in with: its language changes here, and another spec must not read German.
const EMAIL = demoEmail('ReadonlySuperAdmin');

test.describe('languages (issue 44)', () => {
  test('a German browser is greeted in German before anyone signs in', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();
    await context.close();
  });

  test('chosen on the sign-in page, the language survives sign-out and follows the account to a new browser; its e-mails come in it', async ({
    browser,
  }) => {
    const first = await browser.newContext({ locale: 'en-US' });
    const page = await first.newPage();
    await page.goto('/');
    await page.getByLabel('Language').selectOption('de');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await page.getByLabel('E-Mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByLabel('Passwort').fill('Charge#2026');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Ladevorgänge' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
    // Numbers the German way: a thousands dot and a decimal comma before the unit.
    await expect(page.getByText(/^\d{1,3}(\.\d{3})*,\d{2} kWh$/).first()).toBeVisible();

    await page.getByRole('button', { name: /^Kontomenü/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await first.close();

    // Another browser, English: English until the account signs in, then the account's German.
    const second = await browser.newContext({ locale: 'en-US' });
    const other = await second.newPage();
    await other.goto('/');
    await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await other.getByLabel('Email').fill(EMAIL);
    await other.getByRole('button', { name: 'Next' }).click();
    await other.getByLabel('Password').fill('Charge#2026');
    await other.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(other.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Ladevorgänge' })).toBeVisible();

    // The account's e-mails are written in its language.
    const asked = await other.request.post('/web/users/forgot-password', { data: { email: EMAIL } });
    expect(asked.ok()).toBe(true);
    const mail = await waitForMail(EMAIL, 'Setzen Sie Ihr Wattdesk-Passwort zurück');
    expect(mail.text).toContain('Jemand hat angefordert, das Passwort Ihres Wattdesk-Kontos zurückzusetzen.');

    // Back to English from the account menu, kept on the account too.
    await other.getByRole('button', { name: /^Kontomenü/ }).click();
    await Promise.all([
      other.waitForResponse((response) => response.url().endsWith('/web/users/me/language') && response.ok()),
      other.getByRole('menuitemradio', { name: 'English' }).click(),
    ]);
    // The menu stays open on a choice (as the appearance's does): it reads English at once.
    await expect(other.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await expect(other.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await other.keyboard.press('Escape');
    await expect(other.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Charging Sessions' })).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await second.close();
  });
});
