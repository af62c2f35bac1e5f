import en from '../../i18n/catalogues/sign-in-steps/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/**
 * The words of the screens around the sign-in page (catalogues/sign-in-steps): two-step sign-in, password reset and
 * invitations, e-mail confirmation, single sign-on's answers. Apart from the sign-in page's own area (login-text.ts):
 * those screens load later, and the sign-in page's JavaScript budget (120 KB gzip) carries only what it shows.
 */
export const signInStepsText = defineArea('sign-in-steps', en);

export type SignInStepsKey = keyof typeof en;
export type SignInStepsT = Translate<SignInStepsKey>;
