import type { Locale } from '@wattdesk/shared/i18n/locales';
import type { Catalogue, TextArea } from './area.ts';

/** Every language's catalogue file, each its own chunk, fetched when a reader of that language first needs the area. */
const files = import.meta.glob<Catalogue>('./catalogues/*/*.json', { import: 'default' });

const loaded = new Map<string, Catalogue>();
const loading = new Map<string, Promise<Catalogue>>();
const keyOf = (area: string, locale: Locale) => `${area}/${locale}`;

/** The areas the page has used so far: a change of language loads them all before it shows. */
const usedAreas = new Set<string>();

/** The catalogue if already here (English always is: it comes with the code). */
export const loadedCatalogue = <K extends string>(text: TextArea<K>, locale: Locale): Catalogue | undefined => {
  usedAreas.add(text.area);
  return locale === 'en' ? text.en : loaded.get(keyOf(text.area, locale));
};

export const loadCatalogue = (area: string, locale: Locale): Promise<Catalogue> => {
  const key = keyOf(area, locale);
  const here = loaded.get(key);
  if (here) return Promise.resolve(here);
  let promise = loading.get(key);
  if (!promise) {
    const file = files[`./catalogues/${area}/${locale}.json`];
    promise = (file ? file() : Promise.resolve({}))
      .then((catalogue) => {
        loaded.set(key, catalogue);
        return catalogue;
      })
      .finally(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
};

/** Other things a language needs before it shows (MUI's texts, once the themed screens are loaded). */
const preloaders = new Set<(locale: Locale) => Promise<unknown>>();
export const alsoPreload = (preload: (locale: Locale) => Promise<unknown>): void => {
  preloaders.add(preload);
};

/** Loads a language's catalogues of every area used so far, so the switch shows the new language at once. */
export const preloadLanguage = async (locale: Locale): Promise<void> => {
  if (locale === 'en') return;
  await Promise.all([...[...usedAreas].map((area) => loadCatalogue(area, locale)), ...[...preloaders].map((preload) => preload(locale))]);
};

/**
 * Every area's catalogue of a language, and what else it needs: for a page that is about to show many areas at once
 * (a test rendering a screen in German, which would otherwise suspend once per area it meets).
 */
export const loadEveryArea = async (locale: Locale): Promise<void> => {
  if (locale === 'en') return;
  const areas = Object.keys(files).map((file) => file.split('/')[2]!);
  await Promise.all([...new Set(areas)].map((area) => loadCatalogue(area, locale)));
  await preloadLanguage(locale);
};
