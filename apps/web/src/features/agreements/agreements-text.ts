import en from '../../i18n/catalogues/agreements/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The agreements' words (catalogues/agreements): the staff's list and dialogs, and the signer's public page. */
export const agreementsText = defineArea('agreements', en);
