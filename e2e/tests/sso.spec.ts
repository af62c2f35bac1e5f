import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures.ts';

const PROVIDER_LABEL = 'Development identity provider — not for production';

/** Types the e-mail on our login page and follows it to the development provider's page. */
const reachProvider = async (page: Page, email: string) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(PROVIDER_LABEL)).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
};

const signInAtProvider = async (page: Page, email: string) => {
  await reachProvider(page, email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/**
 * Rewrites the provider's redirect back to us, as an attacker or a broken proxy would. Redirects inside a
 * navigation are not routed, so the login form's answer is followed here, with the browser's cookies.
 */
const tamperRedirect = async (page: Page, provider: 'workforce' | 'customer', change: (url: URL) => void) => {
  await page.route(`**/oidc/${provider}/interaction/*/login`, async (route) => {
    const loggedIn = await route.fetch({ maxRedirects: 0 });
    const resume = new URL(loggedIn.headers().location!, route.request().url());
    const answer = await page.request.get(resume.href, { maxRedirects: 0 });
    const location = new URL(answer.headers().location!);
    change(location);
    await route.fulfill({ status: 303, headers: { location: location.href } });
  });
};

const errorScreen = (page: Page, title: string) => page.getByRole('heading', { name: title });

test.describe('workforce single sign-on (/login/callback)', () => {
  test('a Super Admin Access member signs in through the provider and lands on the dashboard', async ({ page, consoleErrors }) => {
    await signInAtProvider(page, 'ops.super@example.org');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Logged in Successfully' })).toBeVisible();
    const stored = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('wattdesk.session')!) as { state: { user: { locations: unknown[] } } }).state.user,
    );
    expect(stored).toMatchObject({ email: 'ops.super@example.org', userType: 'SuperAdmin' });
    // Nothing of the sign-in transaction is left behind, and no provider token was stored.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('wattdesk.oidc')))).toEqual([]);
    expect(consoleErrors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
  });

  test('a member of no mapped group is refused with a clear message and a way back', async ({ page }) => {
    await signInAtProvider(page, 'ops.none@example.org');
    await expect(errorScreen(page, 'You cannot sign in')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'not in a group that may use the dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/callback$/);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  });

  test('cancelling at the provider shows the auth error screen, and a reload does not loop', async ({ page }) => {
    await reachProvider(page, 'ops.readonly@example.org');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(errorScreen(page, 'Sign-in was cancelled')).toBeVisible();
    await page.reload();
    await expect(errorScreen(page, 'The sign-in did not complete')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/callback$/);
  });

  test('a tampered state is refused', async ({ page }) => {
    await tamperRedirect(page, 'workforce', (url) => url.searchParams.set('state', 'forged-state'));
    await signInAtProvider(page, 'ops.super@example.org');
    await expect(errorScreen(page, 'This sign-in could not be matched')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('wattdesk.session') ?? '')).not.toContain('access_token');
  });

  test('a sign-in finished more than 30 minutes after it started is refused', async ({ page }) => {
    await reachProvider(page, 'ops.super@example.org');
    // The provider shares our origin, so its page can age the transaction this tab stored (spec section 9: 1800000 ms).
    const aged = await page.evaluate(() => {
      const keys = Object.keys(sessionStorage).filter((key) => key.startsWith('wattdesk.oidc.workforce.'));
      for (const key of keys) {
        const transaction = JSON.parse(sessionStorage.getItem(key)!) as { created: number };
        sessionStorage.setItem(key, JSON.stringify({ ...transaction, created: transaction.created - 1801 }));
      }
      return keys.length;
    });
    expect(aged).toBe(1);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(errorScreen(page, 'This sign-in could not be matched')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('wattdesk.session') ?? '')).not.toContain('access_token');
  });

  test('an answer naming the other provider as issuer is refused (mix-up)', async ({ page, baseURL }) => {
    await tamperRedirect(page, 'workforce', (url) => url.searchParams.set('iss', `${baseURL}/oidc/customer`));
    await signInAtProvider(page, 'ops.super@example.org');
    await expect(errorScreen(page, 'This answer came from the wrong identity provider')).toBeVisible();
  });
});

test.describe('customer-admin single sign-on (/login/customers/callback)', () => {
  test('the customer admin signs in and sees their locations', async ({ page }) => {
    await signInAtProvider(page, 'host.admin@example.net');
    await expect(page).toHaveURL(/\/dashboard/);
    const stored = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('wattdesk.session')!) as { state: { user: { locations: unknown[] } } }).state.user,
    );
    expect(stored).toMatchObject({ email: 'host.admin@example.net', userType: 'PortfolioManager' });
    expect(stored.locations).toHaveLength(4);
  });

  test('cancelling at the provider shows the auth error screen', async ({ page }) => {
    await reachProvider(page, 'host.admin@example.net');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\/customers\/callback$/);
    await expect(errorScreen(page, 'Sign-in was cancelled')).toBeVisible();
  });

  test('a tampered state is refused', async ({ page }) => {
    await tamperRedirect(page, 'customer', (url) => url.searchParams.set('state', 'forged-state'));
    await signInAtProvider(page, 'host.admin@example.net');
    await expect(errorScreen(page, 'This sign-in could not be matched')).toBeVisible();
  });

  test('the other provider’s answer cannot be completed here', async ({ page, baseURL }) => {
    // A workforce answer delivered to the customer callback: this tab has no customer sign-in with that state.
    await tamperRedirect(page, 'workforce', (url) => {
      url.pathname = '/login/customers/callback';
      url.searchParams.set('iss', `${baseURL}/oidc/customer`);
    });
    await signInAtProvider(page, 'ops.super@example.org');
    await expect(errorScreen(page, 'This sign-in could not be matched')).toBeVisible();
  });
});
