import en from '../../i18n/catalogues/account/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** Account Setting's words (catalogues/account): profile, e-mail, password, two-step sign-in, company, devices, toasts. */
export const accountText = defineArea('account', en);

export type AccountKey = keyof typeof en;
/** The screen's translator, for the helpers that build labels and toasts outside a component. */
export type AccountT = Translate<AccountKey>;
