import en from '../../i18n/catalogues/shell/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The dashboard shell's words: the menus, the account menu (catalogues/shell). */
export const shellText = defineArea('shell', en);
export type ShellKey = keyof typeof en;

/** A menu entry's name (shared/menus.ts keys; the catalogue test holds every key to an entry). */
export const menuLabelKey = (menuKey: string): ShellKey => `menu.${menuKey}` as ShellKey;
