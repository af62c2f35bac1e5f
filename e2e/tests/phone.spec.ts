import { MENU_ITEMS } from '@wattdesk/shared/menus';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { chooseLocation, expect, test } from '../support/fixtures.ts';
import { trackNetwork } from '../support/network.ts';

/**
 * Every screen at a phone's width (390 px, an iPhone 12 to 15): nothing wider than the viewport, the location
 * switcher readable, and axe's serious and critical findings none (docs/accessibility.md).
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** What sticks out past the right edge of the viewport: the page's width and its outermost wide elements. */
const overflow = (page: Page) =>
  page.evaluate((width) => {
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && element.getClientRects().length > 0)
      .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 1)
      // Inside a scrolling region (a wide table that scrolls on its own) is not the page being too wide.
      .filter((element) => !element.closest('[data-scrolls-sideways], .MuiTableContainer-root, .MuiDataGrid-main, .leaflet-container'))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 2).join('.')} → ${Math.round(element.getBoundingClientRect().right)} px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, PHONE.width);

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
      const { scrollWidth, wide } = await overflow(page);
      expect.soft(scrollWidth, `${item.label} at ${PHONE.width} px is ${scrollWidth} px wide: ${wide.join(', ')}`).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, `${item.label} at ${PHONE.width} px`, index === 0 ? undefined : 'main');
    });
  }
});
