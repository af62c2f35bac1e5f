/**
 * The languages the product speaks (issue 44, decision 087). English is the source: every other catalogue has the same
 * keys. A fifth language is a folder of catalogue files and one entry here.
 */
export const LOCALES = ['en', 'es', 'fr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as a chooser shows it: a reader finds their own language whatever is shown now. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first of a reader's preferred languages we speak, by primary subtag (`de-AT` → de), else English. The
 * preferences come in order: navigator.languages, or an Accept-Language header read by `acceptedLanguages`.
 */
export const negotiateLocale = (preferences: readonly string[]): Locale => {
  for (const preference of preferences) {
    const primary = preference.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
};

/** An Accept-Language header's languages by weight (RFC 9110 §12.5.4), the most wanted first; `*` and q=0 dropped. */
export const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag !== '' && tag !== '*' && Number.isFinite(weight) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
