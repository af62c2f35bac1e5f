import { MENU_ITEMS } from '@wattdesk/shared/menus';
import { expect, test } from '../support/fixtures.ts';
import { trackNetwork } from '../support/network.ts';

test('no page of the dashboard breaks the Content-Security-Policy', async ({ page, loginAs }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.sourceFile}:${event.lineNumber} ${event.blockedURI}`,
      );
    });
  });
  const network = trackNetwork(page);
  await page.goto('/');
  await loginAs('SuperAdmin');
  // Every menu, and the sessions screen (a route of its own, not a menu key).
  for (const path of [...MENU_ITEMS.map((item) => item.path), '/dashboard/sessions']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Not 'networkidle': screens showing chargers keep the live feed's event stream open.
    await network.idle();
  }
  expect(violations).toEqual([]);
});

test('the API documentation (Swagger UI at /docs) works under its own policy, which allows no inline script', async ({ page, consoleErrors }) => {
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: /Wattdesk API/ })).toBeVisible();
  await expect(page.getByText('/web/users/login').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
