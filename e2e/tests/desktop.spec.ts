import { ADMIN_TYPES, can, MENU_ITEMS } from '@wattdesk/shared';
import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, expect, test } from '../support/fixtures.ts';
import { clippedGridContent, pageOverflow } from '../support/layout.ts';
import { trackNetwork } from '../support/network.ts';

/**
 * Every screen at a desktop's width (1440 × 900, the review's laptop) with the navigation open: nothing wider than
 * the viewport, no grid header or cell cut off, and axe's serious and critical findings none (docs/accessibility.md).
 * SuperAdmin sees every menu (the first test keeps it so), so one pass as SuperAdmin visits every screen.
 */
const DESKTOP = { width: 1440, height: 900 };
test.use({ viewport: DESKTOP });

/** Screens outside the menu that hold a grid of their own. */
const OTHER_SCREENS = [{ label: 'Notifications', path: '/dashboard/notifications' }];

test('no user type has a menu SuperAdmin lacks, so the SuperAdmin pass sees every screen', () => {
  const missed = ADMIN_TYPES.flatMap((type) =>
    MENU_ITEMS.filter((item) => can(type, item.permission) && !can('SuperAdmin', item.permission)).map((item) => `${type}: ${item.label}`),
  );
  expect(missed).toEqual([]);
});

test('every menu screen fits 1440 px without cut grid columns and passes axe there', async ({ page, loginAs }) => {
  // Nearly thirty screens, each waited for and checked by axe, on a machine shared with the unit tests.
  test.setTimeout(900_000);
  const network = trackNetwork(page);
  await loginAs('SuperAdmin');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await chooseLocation(page, 'lake merritt', /Lake Merritt Offices/);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Lake Merritt Offices');
  for (const [index, item] of [...MENU_ITEMS, ...OTHER_SCREENS].entries()) {
    await test.step(item.label, async () => {
      await page.goto(item.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await network.idle({ quietMs: 300 });
      const { scrollWidth, wide } = await pageOverflow(page, DESKTOP.width);
      expect
        .soft(scrollWidth, `${item.label} at ${DESKTOP.width} px is ${scrollWidth} px wide: ${wide.join(', ')}`)
        .toBeLessThanOrEqual(DESKTOP.width);
      expect.soft(await clippedGridContent(page), `what ${item.label} cuts off at ${DESKTOP.width} px`).toEqual([]);
      await expectAccessible(page, `${item.label} at ${DESKTOP.width} px`, index === 0 ? undefined : 'main');
    });
  }
});
