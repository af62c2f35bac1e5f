// The pseudo-locale's data grid texts (i18n/pseudo.ts): the English ones, accented and bracketed.
import { enUS as gridEnglish } from '@mui/x-data-grid/locales';
import { pseudoTexts } from '../pseudo.ts';

export const grid = pseudoTexts(gridEnglish);
