import type { Locale } from '@wattdesk/shared/i18n/locales';
import { createTheme, type Theme } from '@mui/material/styles';
import { PSEUDO } from './pseudo-mode.ts';

/**
 * MUI's own words (a dialog's close label, a date picker's) in the page's language. Each language's texts are their
 * own chunk, fetched with the first themed screen in that language; the data grid's come with the first grid
 * (grid-texts.ts).
 */
const texts: Record<Exclude<Locale, 'en'>, () => Promise<{ material: object }>> = {
  de: () => import('./mui-texts/de.ts'),
  es: () => import('./mui-texts/es.ts'),
  fr: () => import('./mui-texts/fr.ts'),
};

const themes = new Map<Locale | 'pseudo', Promise<Theme>>();

/** The app's theme with MUI's texts in the language (English: the theme itself). */
export const themeIn = (base: Theme, locale: Locale): Promise<Theme> => {
  if (locale === 'en' && !PSEUDO) return Promise.resolve(base);
  // The pseudo-locale (pseudo.ts) whatever the language: MUI's English texts, accented and bracketed.
  const key = PSEUDO ? 'pseudo' : locale;
  let theme = themes.get(key);
  if (!theme) {
    const load = PSEUDO || locale === 'en' ? () => import('./mui-texts/pseudo.ts') : texts[locale];
    theme = load().then(({ material }) => createTheme(base, material));
    themes.set(key, theme);
  }
  return theme;
};
