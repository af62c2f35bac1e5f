import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe.ts';
import { expect } from './fixtures.ts';

/** Where focus is: inside an open dialog, on a control (not the dialog box itself), and with a visible ring. */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return { inDialog: false, onControl: false, ring: false, focused: active?.nodeName ?? 'nothing' };
    // A text field shows its ring on the field's box; a checkbox or radio on its visible button around the hidden input.
    // A file input is visually hidden inside the button (a label) that shows its focus.
    const shown = active.closest<HTMLElement>('.MuiInputBase-root, .Mui-focusVisible, label') ?? active;
    const style = getComputedStyle(shown);
    return {
      inDialog: Boolean(active.closest('[role="dialog"]')),
      onControl: active.getAttribute('role') !== 'dialog' && active.tabIndex >= 0,
      ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      focused: `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 40) ?? ''}`,
    };
  });

/**
 * Opens a dialog from the keyboard (focus on `opener`, Enter) and checks what every dialog owes a keyboard user:
 * focus lands on a control inside it (its first field or its primary action) with a visible ring; axe finds
 * nothing serious; Escape closes it; focus is back on the opener (or on `returnTo`, for a menu item that is gone then).
 */
export const checkDialog = async (page: Page, opener: Locator, name: string | RegExp, { returnTo = opener }: { returnTo?: Locator } = {}) => {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.soft
    .poll(() => focusState(page), { message: `focus on opening ${String(name)}` })
    .toMatchObject({ inDialog: true, onControl: true, ring: true });
  // The page behind was checked on its own; a modal dialog hides it from assistive technology.
  await expectAccessible(page, `dialog ${String(name)}`, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.soft(returnTo, `focus back on the opener of ${String(name)}`).toBeFocused();
};
