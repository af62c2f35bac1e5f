import { formatTagOf } from '@wattdesk/shared/i18n/format-locale';
import type { Locale } from '@wattdesk/shared/i18n/locales';
import { createSentenceReader, type SentenceCatalogue } from '@wattdesk/shared/i18n/sentence-reader';
import { use } from 'react';
import { alsoPreload } from './catalogues.ts';
import { useLocale } from './language-store.ts';
import { pseudo, PSEUDO } from './pseudo-mode.ts';

/**
 * The shared sentences (packages/shared/src/i18n/messages: the specification's messages, the API's errors, field
 * names) for what the browser itself writes with them — a form's validation message from a shared schema. The API
 * translates its own `msg`; these are the same sentences, met before the request. Loaded when first needed in a
 * language other than English, with English (whose sentences are the patterns that recognise them).
 */
const files = import.meta.glob<SentenceCatalogue>('../../../../packages/shared/src/i18n/messages/*.json', { import: 'default' });
const load = (locale: Locale) => files[`../../../../packages/shared/src/i18n/messages/${locale}.json`]!();

type Sentences = { translate: (english: string) => string };
const loaded = new Map<Locale, Sentences>();
const loading = new Map<Locale, Promise<Sentences>>();
const sentencesOf = (locale: Exclude<Locale, 'en'>): Promise<Sentences> => {
  let promise = loading.get(locale);
  if (!promise) {
    promise = Promise.all([load('en'), load(locale)]).then(([english, catalogue]) => {
      const reader = createSentenceReader(english);
      const sentences = { translate: (sentence: string) => reader.translate(sentence, catalogue, formatTagOf(locale)) };
      loaded.set(locale, sentences);
      return sentences;
    });
    loading.set(locale, promise);
  }
  return promise;
};

// A change of language shows the new one at once: its sentences load with the screens' catalogues.
alsoPreload((locale) => (locale === 'en' ? Promise.resolve() : sentencesOf(locale)));

const asWritten = (sentence: string) => sentence;

/** A shared English sentence in the page's language: `sentence(issue.message)`; one no catalogue knows, as written. */
export const useSentence = (): ((english: string) => string) => {
  const locale = useLocale();
  // The pseudo-locale (pseudo.ts) marks them as it marks the catalogues' messages.
  if (PSEUDO) return pseudo().pseudoText;
  return locale === 'en' ? asWritten : (loaded.get(locale) ?? use(sentencesOf(locale))).translate;
};
