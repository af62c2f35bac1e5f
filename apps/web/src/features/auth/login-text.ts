import en from '../../i18n/catalogues/login/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The sign-in page's words (catalogues/login). */
export const loginText = defineArea('login', en);
