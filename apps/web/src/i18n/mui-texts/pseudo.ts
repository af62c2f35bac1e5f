// The pseudo-locale's MUI texts (i18n/pseudo.ts): the English ones, accented and bracketed, in a chunk of their own.
import { enUS as materialEnglish } from '@mui/material/locale';
import { enUS as gridEnglish } from '@mui/x-data-grid/locales';
import { pseudoTexts } from '../pseudo.ts';

export const material = pseudoTexts(materialEnglish);
export const grid = pseudoTexts(gridEnglish);
