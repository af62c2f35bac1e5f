// The pseudo-locale's MUI texts (i18n/pseudo.ts): the English ones, accented and bracketed, in a chunk of their own.
import { enUS as materialEnglish } from '@mui/material/locale';
import { pseudoTexts } from '../pseudo.ts';

export const material = pseudoTexts(materialEnglish);
