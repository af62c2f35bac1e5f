import en from '../i18n/catalogues/common/en.json';
import { defineArea } from '../i18n/area.ts';

/** The shared components' words: loaders, errors, confirmations, the live indicator (catalogues/common). */
export const commonText = defineArea('common', en);
export type CommonKey = keyof typeof en;
