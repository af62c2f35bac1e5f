import en from '../../i18n/catalogues/login/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The sign-in screens' words (catalogues/login): sign-in, two-step sign-in, password reset, e-mail confirmation, single sign-on. */
export const loginText = defineArea('login', en);

export type LoginKey = keyof typeof en;
/** The sign-in screens' translator, for the helpers that build messages outside a component. */
export type LoginT = Translate<LoginKey>;
