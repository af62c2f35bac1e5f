import en from '../../i18n/catalogues/locations/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The locations' words (catalogues/locations): the profile page, its form and settings, the overview, the switcher. */
export const locationsText = defineArea('locations', en);

export type LocationsKey = keyof typeof en;
/** The area's translator, for the helpers that build columns and labels outside a component. */
export type LocationsT = Translate<LocationsKey>;
