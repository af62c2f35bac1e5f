import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** What has focus, for a failure message: tag, role, name. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page itself';
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `${role} "${name}"`;
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses, naming what had focus instead.
 * Focus is tested in the same query that finds the target: `target.evaluate` finds the element first and runs later,
 * so a field swapped for another in between (the location switcher's stand-in) was seen as not focused.
 */
export const tabTo = async (page: Page, target: Locator, { max = 40, backwards = false } = {}) => {
  await target.waitFor({ state: 'attached' });
  const focusedTarget = target.and(page.locator(':focus'));
  // While a field is swapped for another, focus rests on the page for a moment before it is handed over.
  const settled = () => page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 250 }).catch(() => undefined);
  for (let presses = 0; presses < max; presses += 1) {
    await settled();
    if ((await focusedTarget.count()) > 0) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  const focused = await describeFocus(page);
  await expect(target, `reached by Tab within ${max} presses (focus ended on ${focused})`).toBeFocused({ timeout: 1 });
};

/** The focused element's outline: what a keyboard user sees of focus. */
export const focusRingOf = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

export const expectFocusRing = async (target: Locator) => {
  const ring = await focusRingOf(target);
  expect(ring.style, 'focus ring').not.toBe('none');
  expect(ring.width, 'focus ring width').toBeGreaterThanOrEqual(2);
};
