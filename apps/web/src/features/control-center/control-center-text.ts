import en from '../../i18n/catalogues/control-center/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The control center's words: status cards, filters, the network map, the charger cards (catalogues/control-center). */
export const controlCenterText = defineArea('control-center', en);
export type ControlCenterKey = keyof typeof en;
