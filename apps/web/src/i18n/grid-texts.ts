import type { Locale } from '@wattdesk/shared/i18n/locales';
import type { GridLocaleText } from '@mui/x-data-grid';
import { use } from 'react';
import { alsoPreload } from './catalogues.ts';
import { PSEUDO } from './pseudo-mode.ts';
import { useLocale } from './language-store.ts';

type GridTexts = Partial<GridLocaleText>;
type GridLocale = { grid: { components: { MuiDataGrid: { defaultProps: { localeText: GridTexts } } } } };

/**
 * The data grid's words (pager, column menu, "No rows") in the page's language: a chunk per language, fetched with the
 * first grid — the dashboard, which has none, does not carry them (bench bundle-size).
 */
const files: Record<Exclude<Locale, 'en'> | 'pseudo', () => Promise<GridLocale>> = {
  de: () => import('./mui-texts/grid-de.ts'),
  es: () => import('./mui-texts/grid-es.ts'),
  fr: () => import('./mui-texts/grid-fr.ts'),
  pseudo: () => import('./mui-texts/grid-pseudo.ts'),
};

const loaded = new Map<string, GridTexts>();
const loading = new Map<string, Promise<GridTexts>>();

const load = (key: Exclude<Locale, 'en'> | 'pseudo'): Promise<GridTexts> => {
  let promise = loading.get(key);
  if (!promise) {
    promise = files[key]().then(({ grid }) => {
      const texts = grid.components.MuiDataGrid.defaultProps.localeText;
      loaded.set(key, texts);
      return texts;
    });
    loading.set(key, promise);
  }
  return promise;
};

// A change of language shows grids in the new one at once.
alsoPreload((locale) => (locale === 'en' ? Promise.resolve() : load(locale)));

/** The grid's texts in the page's language; English (MUI's own): none. Suspends the first time in a language. */
export const useGridTexts = (): GridTexts | undefined => {
  const locale = useLocale();
  const key = PSEUDO ? 'pseudo' : locale;
  if (key === 'en') return undefined;
  return loaded.get(key) ?? use(load(key));
};
