import { MENU_ITEMS } from '@wattdesk/shared/menus';
import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, expect, test } from '../support/fixtures.ts';
import { pageOverflow } from '../support/layout.ts';
import { trackNetwork } from '../support/network.ts';

/**
 * Every screen at a phone's width (390 px, an iPhone 12 to 15): nothing wider than the viewport, the location
 * switcher readable, and axe's serious and critical findings none (docs/accessibility.md).
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('every menu screen fits a 390 px phone and passes axe there', async ({ page, loginAs }) => {
  // Thirty screens, each waited for and checked by axe, on a machine shared with the unit tests.
  test.setTimeout(900_000);
  const network = trackNetwork(page);
  await loginAs('SuperAdmin');
  await page.getByRole('button', { name: 'Open navigation' }).waitFor();
  await chooseLocation(page, 'lake merritt', /Lake Merritt Offices/);
  // The switcher shows the location's name, not a sliver of it.
  const switcher = page.getByRole('combobox', { name: 'Location' });
  await expect(switcher).toHaveValue('Lake Merritt Offices');
  expect.soft((await switcher.boundingBox())!.width, "the location switcher's width").toBeGreaterThanOrEqual(150);
  for (const [index, item] of MENU_ITEMS.entries()) {
    await test.step(item.label, async () => {
      await page.goto(item.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await network.idle({ quietMs: 300 });
      const { scrollWidth, wide } = await pageOverflow(page, PHONE.width);
      expect.soft(scrollWidth, `${item.label} at ${PHONE.width} px is ${scrollWidth} px wide: ${wide.join(', ')}`).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, `${item.label} at ${PHONE.width} px`, index === 0 ? undefined : 'main');
    });
  }
});
