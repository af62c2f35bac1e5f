import { setFormatLocale } from '@wattdesk/shared/i18n/format-locale';
import { isLocale, negotiateLocale, type Locale } from '@wattdesk/shared/i18n/locales';
import { create } from 'zustand';
import { preloadLanguage } from './catalogues.ts';
import { PSEUDO } from './pseudo-mode.ts';

/** This browser's last choice, used before sign-in; a signed-in user's choice is kept on the server too. */
const STORAGE_KEY = 'wattdesk.language';

const stored = (): Locale | undefined => {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
};

/** Before any choice, the browser's languages decide (issue 44). */
const browserLocale = (): Locale => negotiateLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

const apply = (locale: Locale) => {
  // The pseudo-locale (pseudo.ts) writes numbers and dates as English does, whatever the account's language.
  setFormatLocale(PSEUDO ? 'en' : locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
};

type LanguageState = {
  locale: Locale;
  /** A language a person picked on this page before signing in: kept on the account at sign-in (follow-account.ts). */
  pickedSignedOut: Locale | null;
  /** Shows the page in this language once its catalogues are here, and remembers it in this browser. */
  choose: (locale: Locale, options?: { pickedSignedOut?: boolean }) => Promise<void>;
};

const initial = stored() ?? browserLocale();
apply(initial);

export const useLanguage = create<LanguageState>((set, get) => ({
  locale: initial,
  pickedSignedOut: null,
  choose: async (locale, { pickedSignedOut = false } = {}) => {
    if (pickedSignedOut) set({ pickedSignedOut: locale });
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Private modes may refuse storage; the choice then lasts for this page (and the account keeps it).
    }
    if (locale === get().locale) return;
    await preloadLanguage(locale);
    apply(locale);
    set({ locale });
  },
}));

export const useLocale = (): Locale => useLanguage((state) => state.locale);
