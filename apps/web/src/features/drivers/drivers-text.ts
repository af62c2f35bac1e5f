import en from '../../i18n/catalogues/drivers/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The drivers screen's words (catalogues/drivers): the page, its grid, the driver's dialogs and tabs, their toasts. */
export const driversText = defineArea('drivers', en);

export type DriversKey = keyof typeof en;
/** The screen's translator, for the helpers that build columns and labels outside a component. */
export type DriversT = Translate<DriversKey>;
