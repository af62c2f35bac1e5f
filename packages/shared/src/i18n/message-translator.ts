import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import { formatTagOf } from './format-locale.ts';
import type { Locale } from './locales.ts';
import { createSentenceReader, type KnownSentence, type SentenceCatalogue } from './sentence-reader.ts';

/**
 * The shared sentences — the specification's messages (messages.ts) and the API's error messages (errors.ts) — in the
 * reader's language (issue 44). English is the code's own text (messages/en.json holds it word for word, tested); the
 * API answers `msg` in English everywhere inside and this turns each sentence into the reader's language on its way
 * out, so no module has to know about languages. A sentence with a part filled in ("First name Field is required")
 * is recognised by its English pattern, the field's name translated too; a sentence no catalogue knows stays English.
 */
const catalogues: Record<Exclude<Locale, 'en'>, SentenceCatalogue> = { de, es, fr };
const reader = createSentenceReader(en);

/** The key of an English sentence in the shared catalogue, and the parts it filled in. */
export const messageKeyOf = (english: string): KnownSentence | undefined => reader.keyOf(english);

/** The sentence in the language; English, and sentences without a translation, as they are. */
export const translateMessage = (english: string, locale: Locale): string =>
  locale === 'en' ? english : reader.translate(english, catalogues[locale], formatTagOf(locale));
