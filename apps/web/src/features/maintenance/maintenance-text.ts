import en from '../../i18n/catalogues/maintenance/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The maintenance screen's words (catalogues/maintenance): chargers in and out of service, inspections, their toasts. */
export const maintenanceText = defineArea('maintenance', en);

export type MaintenanceKey = keyof typeof en;
/** The screen's translator, for the helpers that build labels outside a component. */
export type MaintenanceT = Translate<MaintenanceKey>;
