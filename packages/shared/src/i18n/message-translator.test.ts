import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import * as messages from '../messages.ts';
import en from './messages/en.json' with { type: 'json' };
import { messageKeyOf, translateMessage } from './message-translator.ts';

/** The catalogue's English as the code writes it: the spec's sentences (messages.ts) and the API's (errors.ts). */
const fromCode = (): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [group, value] of Object.entries(messages)) {
    if (typeof value === 'string') out[group] = value;
    else
      for (const [key, message] of Object.entries(value as Record<string, unknown>)) {
        if (typeof message === 'string') out[`${group}.${key}`] = message;
        if (typeof message === 'function') out[`${group}.${key}`] = (message as (field: string) => string)('{field}');
      }
  }
  for (const [code, { message }] of Object.entries(ERROR_CODES)) out[`error.${code}`] = message;
  return out;
};

describe('the shared sentences’ catalogue (issue 44)', () => {
  it('holds the code’s English word for word — a sentence changed in the code must be changed here', () => {
    expect(en).toEqual(fromCode());
  });

  it('recognises a sentence with a part filled in and writes it in the language', () => {
    expect(messageKeyOf('First Name Field is required')).toEqual({ key: 'validationMessages.required', values: { field: 'First Name' } });
    expect(translateMessage('First Name Field is required', 'de')).toBe('First Name: Pflichtfeld');
    expect(translateMessage('Please enter your password', 'es')).toBe('Introduzca su contraseña');
    expect(translateMessage('Please enter your password', 'en')).toBe('Please enter your password');
    // A sentence no catalogue knows (a provider's own words) stays as it came.
    expect(translateMessage('card_declined: Your card was declined.', 'fr')).toBe('card_declined: Your card was declined.');
  });
});
