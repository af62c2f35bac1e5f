import en from '../../i18n/catalogues/system-logs/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The System Logs screen's words (catalogues/system-logs): the page, its filters, grid, levels, sources and toast. */
export const systemLogsText = defineArea('system-logs', en);

export type SystemLogsKey = keyof typeof en;
/** The screen's translator, for the columns built outside a component. */
export type SystemLogsT = Translate<SystemLogsKey>;
