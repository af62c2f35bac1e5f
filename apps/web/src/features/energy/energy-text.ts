import en from '../../i18n/catalogues/energy/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The energy screens' words (catalogues/energy): Utility Info, Dynamic Power, their sections, dialogs, charts and toasts. */
export const energyText = defineArea('energy', en);

export type EnergyKey = keyof typeof en;
