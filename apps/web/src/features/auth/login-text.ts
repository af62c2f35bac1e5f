import en from '../../i18n/catalogues/login/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The sign-in page's own words (catalogues/login); the screens around it have theirs (sign-in-steps-text.ts). */
export const loginText = defineArea('login', en);

export type LoginKey = keyof typeof en;
/** The sign-in screens' translator, for the helpers that build messages outside a component. */
export type LoginT = Translate<LoginKey>;
