// The browser's build has the parser's no-parser entry (vite.config.ts): these guards, not the parser.
import { isLiteralElement, isPluralElement, isSelectElement, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CatalogueMessage } from './area.ts';

/*
 * The pseudo-locale's transforms (pseudo-mode.ts says when it is on). A chunk of its own, loaded before the first
 * render in that mode only: the sign-in page does not carry it (bench bundle-size).
 */

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = Array.from('àƀçđéƒĝĥîĵķļɱñôƥǫŕšŧûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÔƤǪŔŠŦÛṼŴẊÝŽ');

/** Latin letters as accented look-alikes; everything else as it is. */
export const accent = (text: string): string => text.replace(/[a-zA-Z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)]!);

export const bracket = (text: string): string => `⟦${text}⟧`;

/** A text the app writes itself (MUI's, a shared sentence) as the pseudo-locale shows it. */
export const pseudoText = (text: string): string => bracket(accent(text));

const accentElements = (elements: MessageFormatElement[]): MessageFormatElement[] =>
  elements.map((element) => {
    if (isLiteralElement(element)) return { ...element, value: accent(element.value) };
    if (isSelectElement(element) || isPluralElement(element)) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([selector, option]) => [selector, { ...option, value: accentElements(option.value) }]),
      );
      return { ...element, options };
    }
    // Placeholders ({name}, #, numbers, dates) keep the values they are given.
    return element;
  });

/**
 * An English catalogue message with its words accented and its placeholders kept, to be formatted as English and
 * bracketed. A message without placeholders comes as its finished text (icu-catalogues.ts): accented whole.
 */
export const accentMessage = (message: CatalogueMessage): CatalogueMessage =>
  typeof message === 'string' ? accent(message) : accentElements(message);

/** MUI's English texts, every string and every string a text function returns, as the pseudo-locale shows them. */
export const pseudoTexts = <T>(value: T): T => {
  if (typeof value === 'string') return pseudoText(value) as T;
  if (typeof value === 'function') {
    const text = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => {
      const out = text(...args);
      return typeof out === 'string' ? pseudoText(out) : out;
    }) as T;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pseudoTexts(inner)])) as T;
  }
  return value;
};
