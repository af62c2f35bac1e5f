import { ADMIN_TYPES, can, MENU_ITEMS } from '@wattdesk/shared';
import { expect, test } from '../support/fixtures.ts';

// One test per type that can sign in: exactly the menus its permissions allow, in catalogue order.
for (const type of ADMIN_TYPES) {
  test(`${type} sees exactly the menus of its permissions`, async ({ page, loginAs }) => {
    const allowed = MENU_ITEMS.filter((item) => can(type, item.permission));
    const main = allowed.filter((item) => item.group === 'main').map((item) => item.label);
    const profile = allowed.filter((item) => item.group === 'profile').map((item) => item.label);
    await loginAs(type);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link').first()).toBeVisible();
    if (profile.length) {
      const toggle = nav.getByRole('button', { name: 'Profile' });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    } else {
      await expect(nav.getByRole('button', { name: 'Profile' })).toHaveCount(0);
    }
    await expect(nav.getByRole('link')).toHaveText([...main, ...profile]);

    // A menu the type lacks, typed as an address, shows the no-access state rather than an error.
    const forbidden = MENU_ITEMS.find((item) => !can(type, item.permission));
    if (forbidden) {
      await page.goto(forbidden.path);
      await expect(page.getByText('No access')).toBeVisible();
    }
  });
}
