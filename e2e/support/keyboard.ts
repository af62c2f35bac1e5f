import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export const tabTo = async (page: Page, target: Locator, { max = 40, backwards = false } = {}) => {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused({ timeout: 1 });
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
