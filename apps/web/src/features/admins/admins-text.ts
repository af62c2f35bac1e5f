import en from '../../i18n/catalogues/admins/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** Manage Admins' words (catalogues/admins): the page, its grid, the invite and edit dialogs, their toasts. */
export const adminsText = defineArea('admins', en);

export type AdminsKey = keyof typeof en;
/** The screen's translator, for the helpers that build columns and labels outside a component. */
export type AdminsT = Translate<AdminsKey>;
