import { MENU_ITEMS } from '@wattdesk/shared/menus';
import { expect, test } from '../support/fixtures.ts';
import { trackNetwork } from '../support/network.ts';

// Every menu, and the sessions screen (a route of its own, not a menu key).
const PATHS = [...MENU_ITEMS.map((item) => item.path), '/dashboard/sessions'];

test('no page of the dashboard breaks the Content-Security-Policy', async ({ page, loginAs }) => {
  // A budget per page: one 120 s limit for 27 screens ran out on a CI machine at load 10 (37 min of e2e).
  test.setTimeout(30_000 + PATHS.length * 15_000);
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
  for (const path of PATHS) {
    // A step per page, so a failure names the screen.
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Not 'networkidle': screens showing chargers keep the live feed's event stream open.
      await network.idle();
    });
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
