import en from '../../i18n/catalogues/violations/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The Violations screen's words (catalogues/violations): the rules, the list, its filters and the resolve dialog. */
export const violationsText = defineArea('violations', en);
export type ViolationsKey = keyof typeof en;
