import { expect, type Page } from '@playwright/test';
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

/** Picks a location in the top bar's switcher (searching, then choosing the option). */
export const chooseLocation = async (page: Page, search: string, name: RegExp) => {
  const switcher = page.getByRole('combobox', { name: 'Location' });
  await switcher.click();
  await switcher.fill(search);
  await page.getByRole('option', { name }).click();
};

type Fixtures = { loginAs: (type: string) => Promise<void>; consoleErrors: string[] };

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(stack().baseUrl),
  loginAs: async ({ page }, use) => {
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
