import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { accent, accentMessage, pseudoText, pseudoTexts } from '../pseudo.ts';
import { IntlMessageFormat } from 'intl-messageformat';

/** Formats an English ICU message as the pseudo-locale's translator does: accented, as English, in brackets. */
const pseudo = (message: string, values?: Record<string, string | number>) => {
  const out = new IntlMessageFormat(accentMessage(parse(message, { ignoreTag: true })), 'en-US', undefined, { ignoreTag: true }).format(values);
  return `⟦${String(out)}⟧`;
};

describe('the pseudo-locale', () => {
  it('accents every Latin letter and brackets the message', () => {
    expect(accent('Chargers')).toBe('Çĥàŕĝéŕš');
    expect(pseudoText('Charging sessions')).toBe('⟦Çĥàŕĝîñĝ šéššîôñš⟧');
    expect(pseudo('Charging sessions')).toBe('⟦Çĥàŕĝîñĝ šéššîôñš⟧');
    // Nothing left that reads as a Latin word.
    expect(pseudo('Skip to content')).not.toMatch(/[A-Za-z]{2,}/);
  });

  it('keeps the placeholders and the values given to them as they are', () => {
    expect(pseudo('Sessions of {name}', { name: 'Bay 1' })).toBe('⟦Šéššîôñš ôƒ Bay 1⟧');
    expect(pseudo('{label} copied', { label: 'Secret' })).toBe('⟦Secret çôƥîéđ⟧');
  });

  it('accents the words of every plural branch and keeps the count in en-US format', () => {
    const message = '{count, plural, one {# charger} other {# chargers}}';
    expect(pseudo(message, { count: 1 })).toBe('⟦1 çĥàŕĝéŕ⟧');
    expect(pseudo(message, { count: 1234 })).toBe('⟦1,234 çĥàŕĝéŕš⟧');
  });

  it("marks MUI's texts, strings and text functions alike", () => {
    const texts = pseudoTexts({
      defaultProps: { closeText: 'Close', labelDisplayedRows: ({ from, to }: { from: number; to: number }) => `${from}–${to} of 9` },
    });
    expect(texts.defaultProps.closeText).toBe('⟦Çļôšé⟧');
    expect(texts.defaultProps.labelDisplayedRows({ from: 1, to: 5 })).toBe('⟦1–5 ôƒ 9⟧');
  });
});
