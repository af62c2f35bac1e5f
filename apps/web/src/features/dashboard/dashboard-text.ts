import en from '../../i18n/catalogues/dashboard/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The dashboard overview's words: figures, charts, filters, reports, the reseller's card (catalogues/dashboard). */
export const dashboardText = defineArea('dashboard', en);
export type DashboardKey = keyof typeof en;
