import en from '../../i18n/catalogues/firmware/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The firmware screen's words (catalogues/firmware): images, campaigns and their states, manufacturing data, toasts. */
export const firmwareText = defineArea('firmware', en);
