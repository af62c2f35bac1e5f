import { expect, type Page } from '@playwright/test';
import { sessionUserSchema } from '@wattdesk/shared/schemas/auth';
import { randomUUID } from 'node:crypto';
import { stack } from './stack.ts';
import { test as base } from './worker-stack.ts';

export const DEMO_PASSWORD = 'Charge#2026';
export const demoEmail = (type: string) => `${type.toLowerCase()}@example.com`;

/** Signs in through the real login screen. */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
};

/**
 * Signs in through the API, as the sign-in screen would, without typing into it: the login call's answer sets the
 * HttpOnly refresh cookie in the page's context (page.request shares its cookies), and the signed-in user goes into
 * storage where the web app keeps it (apps/web/src/lib/session-store.ts: persisted without the refresh token).
 * The journeys that test signing in itself type into the screen (signIn) instead.
 */
export const signInByApi = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  const deviceId = `web-e2e-${randomUUID()}`;
  const response = await page.request.post('/web/users/login', { data: { email, password, deviceId } });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  const answer: unknown = await response.json();
  const parsed = sessionUserSchema.safeParse(answer);
  if (!parsed.success) throw new Error(`sign-in of ${email} did not answer a session (a second step?): ${JSON.stringify(answer)}`);
  const { refresh_token: _refreshToken, ...user } = parsed.data;
  // Written once, before the app's script reads storage on the next load; a later logout in the same tab stays a
  // logout on reload (the mark lives in this tab's sessionStorage), and a second sign-in adds its own mark.
  await page.addInitScript(
    ({ mark, origin, stored, device }) => {
      if (window !== window.top || location.origin !== origin || sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      localStorage.setItem('wattdesk.session', JSON.stringify({ state: { user: stored }, version: 2 }));
      localStorage.setItem('wattdesk.deviceId', device);
    },
    { mark: `wattdesk.e2e.signedIn.${randomUUID()}`, origin: new URL(stack().baseUrl).origin, stored: user, device: deviceId },
  );
  await page.goto('/');
};

/** Picks a location in the top bar's switcher (searching, then choosing the option). */
export const chooseLocation = async (page: Page, search: string, name: RegExp) => {
  const switcher = page.getByRole('combobox', { name: 'Location' });
  await switcher.click();
  await switcher.fill(search);
  await page.getByRole('option', { name }).click();
};

type Fixtures = {
  /** Signs in as the demo user of a type (through the API) and waits for their start page. */
  loginAs: (type: string) => Promise<void>;
  /** The same through the sign-in screen, for the journeys about signing in. */
  loginOnScreenAs: (type: string) => Promise<void>;
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(stack().baseUrl),
  loginAs: async ({ page }, use) => {
    await use(async (type: string) => {
      await signInByApi(page, demoEmail(type));
      await expect(page).toHaveURL(/\/dashboard/);
    });
  },
  loginOnScreenAs: async ({ page }, use) => {
    await use(async (type: string) => {
      await signIn(page, demoEmail(type));
      await expect(page).toHaveURL(/\/dashboard/);
    });
  },
  /** Browser console errors (CSP violations included); tests assert it stays empty where it matters. */
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
