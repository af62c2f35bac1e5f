import en from '../../i18n/catalogues/charger-logs/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The Logs screen's words (catalogues/charger-logs): the page, its filters, grid, event kinds and toast. */
export const chargerLogsText = defineArea('charger-logs', en);

export type ChargerLogsKey = keyof typeof en;
/** The screen's translator, for the helpers that build columns outside a component. */
export type ChargerLogsT = Translate<ChargerLogsKey>;
