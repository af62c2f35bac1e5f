import en from '../../i18n/catalogues/location-switcher/en.json';
import { defineArea } from '../../i18n/area.ts';

/**
 * The top bar's location switcher's words (catalogues/location-switcher): its own small area, because the shell shows
 * it on every screen and should not carry the whole Location screens' catalogue (bench bundle-size).
 */
export const locationSwitcherText = defineArea('location-switcher', en);
