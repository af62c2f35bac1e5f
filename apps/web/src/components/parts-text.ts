import en from '../i18n/catalogues/parts/en.json';
import { defineArea } from '../i18n/area.ts';

/**
 * The shared parts' words (catalogues/parts): status chips, filters, pickers, the CSV import, the payments table, the
 * charger's summary. Apart from `common` (what every screen shows: loaders, errors, confirmations, the live indicator),
 * so that the shell does not carry the parts only some screens use (bench bundle-size).
 */
export const partsText = defineArea('parts', en);

export type PartsKey = keyof typeof en;
