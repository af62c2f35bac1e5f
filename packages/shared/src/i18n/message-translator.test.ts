import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import * as messages from '../messages.ts';
import * as schemaSentences from '../schema-messages.ts';
import { LOCALES, type Locale } from './locales.ts';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import { messageKeyOf, translateMessage } from './message-translator.ts';
import { z } from 'zod';
import { emailSchema } from '../schemas/auth.ts';
import { idSchema } from '../schemas/common.ts';
import { scheduleQuerySchema } from '../schemas/schedule.ts';
import { workforceTokensExchangeBodySchema } from '../schemas/sso.ts';

/** A helper's sentence with each part as the placeholder its parameter names: `(field, limit) =>` gives "{field} … {limit}". */
const withPlaceholders = (helper: (...values: string[]) => string): string => {
  const parameters = /^\(([^)]*)\)/.exec(String(helper))?.[1] ?? '';
  return helper(...parameters.split(',').map((name) => `{${name.trim()}}`));
};

/** The catalogue's English as the code writes it: the spec's sentences (messages.ts), the schemas' (schema-messages.ts) and the API's (errors.ts). */
const fromCode = (): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [group, value] of Object.entries({ ...messages, ...schemaSentences })) {
    if (typeof value === 'string') out[group] = value;
    else
      for (const [key, message] of Object.entries(value as Record<string, unknown>)) {
        if (typeof message === 'string') out[`${group}.${key}`] = message;
        if (typeof message === 'function') out[`${group}.${key}`] = withPlaceholders(message as (...values: string[]) => string);
      }
  }
  for (const [code, { message }] of Object.entries(ERROR_CODES)) out[`error.${code}`] = message;
  return out;
};

const catalogues: Record<Locale, Record<string, string>> = { en, es, fr, de };
const translations = LOCALES.filter((locale) => locale !== 'en');

/** The names a message fills in ({field}), wherever they sit (inside plurals and selects too). */
const argumentsOf = (elements: MessageFormatElement[], into = new Set<string>()): Set<string> => {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
};
const placeholdersOf = (message: string) => [...argumentsOf(parse(message, { ignoreTag: true }))].sort();

describe('the shared sentences’ catalogue (issue 44)', () => {
  it.each(translations)('%s: every key of English, no other, each an ICU message with English’s placeholders', (locale) => {
    const catalogue = catalogues[locale];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(catalogue)) {
      expect(message.trim(), `${locale} ${key} is empty`).not.toBe('');
      expect(placeholdersOf(message), `${locale} ${key}`).toEqual(placeholdersOf(en[key as keyof typeof en]));
    }
  });

  it.each(translations)('%s: the reader reads each sentence as written — no ICU quoting swallows an apostrophe or a brace', (locale) => {
    for (const [key, message] of Object.entries(catalogues[locale])) {
      // Each placeholder filled with its own name in braces: the output is then the catalogue's text, character for character.
      const values = Object.fromEntries(placeholdersOf(message).map((name) => [name, `{${name}}`]));
      const out = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format(values);
      expect(out, `${locale} ${key}`).toBe(message);
    }
  });

  it('holds the code’s English word for word — a sentence changed in the code must be changed here', () => {
    expect(en).toEqual(fromCode());
  });

  it('recognises a sentence with a part filled in and writes it in the language', () => {
    expect(messageKeyOf('First Name Field is required')).toEqual({ key: 'validationMessages.required', values: { field: 'First Name' } });
    expect(translateMessage('First Name Field is required', 'de')).toBe('Vorname: Pflichtfeld');
    // A field no list names keeps its English name inside the translated sentence.
    expect(translateMessage('Favourite colour Field is required', 'de')).toBe('Favourite colour: Pflichtfeld');
    expect(translateMessage('Versions URL must be at most 2000 characters', 'es')).toBe('URL de versiones: como máximo 2000 caracteres');
    // The field's name in the reader's language when it is a known one; any other part as it came.
    expect(translateMessage('First name Field is required', 'de')).toBe('Vorname: Pflichtfeld');
    expect(translateMessage('Energy (kWh) must be a number of zero or more', 'fr')).toBe(
      'Énergie (kWh) : doit être un nombre supérieur ou égal à zéro',
    );
    expect(translateMessage('Signer name Should be alphabetic only', 'es')).toBe('Nombre del firmante: solo se admiten letras');
    expect(translateMessage('Please enter your password', 'es')).toBe('Introduzca su contraseña');
    expect(translateMessage('Please enter your password', 'en')).toBe('Please enter your password');
    // The schemas' sentences: their words translated, the codes they list as the API takes them.
    expect(translateMessage('Status must be PENDING, ACTIVE or INACTIVE', 'de')).toBe('Status: muss PENDING, ACTIVE oder INACTIVE sein');
    expect(translateMessage('Expiry date must be a date (YYYY-MM-DD)', 'fr')).toBe('Date d’expiration : doit être une date (AAAA-MM-JJ)');
    expect(translateMessage('Voltage must be between 100 and 1,000 V', 'de')).toBe('Die Spannung muss zwischen 100 und 1.000 V liegen');
    // A number filled in is written the reader's way: "1,000" left as it was reads as one in German.
    expect(translateMessage('Description must be at most 1,000 characters', 'de')).toBe('Beschreibung: höchstens 1.000 Zeichen');
    expect(translateMessage('Description must be at most 12,500 characters', 'fr')).toBe('Description : 12\u202f500 caractères au plus');
    expect(translateMessage('Versions URL must be at most 2000 characters', 'de')).toBe('Versions-URL: höchstens 2000 Zeichen');
    // A pattern that reads " or " takes only what no other sentence shape claims first (the catalogue's order).
    expect(messageKeyOf('Connector must be 1 or more')?.key).toBe('validationMessages.mustBeLimitOrMore');
    expect(messageKeyOf('Enabled must be true or false')?.key).toBe('validationMessages.mustBeTrueOrFalse');
    expect(messageKeyOf('Energy (kWh) must be a number of zero or more')?.key).toBe('validationMessages.nonNegativeNumber');
    expect(messageKeyOf('Name must be at most 50 characters')?.key).toBe('validationMessages.maxLength');
    expect(translateMessage('The range must be at most 366 days', 'de')).toBe('Der Zeitraum darf höchstens 366 Tage umfassen');
    expect(translateMessage('Kind must be document or photo (send it before the file)', 'fr')).toBe(
      'Le type doit valoir document ou photo (envoyez-le avant le fichier)',
    );
    expect(translateMessage('Seats must be at least 1', 'es')).toBe('Licencias: como mínimo 1');
    // A sentence no catalogue knows (a provider's own words) stays as it came.
    expect(translateMessage('card_declined: Your card was declined.', 'fr')).toBe('card_declined: Your card was declined.');
  });

  it('reads the sentences built from a label, a constant or a list of codes (schemaPatterns)', () => {
    expect(translateMessage('Choose at most 500 locations', 'fr')).toBe('Choisissez 500 sites au plus');
    expect(translateMessage('A driver has at most 10 ID tags', 'de')).toBe('Ein Fahrer hat höchstens 10 ID-Tags');
    expect(translateMessage('Expires at must be within 365 days', 'fr')).toBe('La date d’expiration doit tomber dans les 365 jours');
    expect(translateMessage('Retry interval must be a whole number from 1 to 3600', 'de')).toBe(
      'Wiederholungsintervall: muss eine ganze Zahl von 1 bis 3600 sein',
    );
    expect(translateMessage('Host share cannot be negative', 'fr')).toBe('Part de l’hôte : aucune valeur négative');
    expect(translateMessage('Host share cannot be more than 100%', 'de')).toBe('Anteil des Gastgebers: höchstens 100 %');
    expect(translateMessage('Location id Field is required (send it before the file)', 'de')).toBe('Standort-ID: Pflichtfeld (vor der Datei senden)');
    expect(translateMessage('Unit of a gas meter must be m3, therm', 'fr')).toBe('L’unité d’un compteur de type gas doit être m3, therm');
    // The codes a field takes stay as written; a sentence of a narrower shape is not read as a list of one.
    expect(translateMessage('Kind must be one of dumb, smart, nift', 'de')).toBe('Art: muss einer dieser Werte sein: dumb, smart, nift');
    expect(translateMessage('Status must be among available, charging, offline', 'fr')).toBe(
      'Statut : seules ces valeurs sont acceptées : available, charging, offline',
    );
    expect(translateMessage('Sort must be one of name, createdAt (prefix - for descending)', 'de')).toBe(
      'Die Sortierung muss eines von name, createdAt sein (mit vorangestelltem - absteigend)',
    );
    expect(messageKeyOf('Start hour must be one of the hour choices')?.key).toBe('schemaPatterns.hourChoice');
    expect(messageKeyOf('Grace period must be one of the duration choices')?.key).toBe('validationMessages.mustBeDurationChoice');
  });

  it('knows the sentences the schemas write (those the sign-in page loads write theirs out, not from the catalogue)', () => {
    const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? '';
    const german = (result: { error?: { issues: { message: string }[] } }) => translateMessage(firstMessage(result), 'de');
    expect(german(z.object({ locationId: idSchema }).safeParse({ locationId: 'x' }))).toBe('Standort-ID: muss eine gültige ID sein');
    expect(german(z.object({ name: z.string() }).safeParse({ name: 1 }))).toBe('Name: muss Text sein');
    expect(german(z.object({ models: z.array(z.string()) }).safeParse({ models: 'A' }))).toBe('Modelle: muss eine Liste sein');
    expect(german(emailSchema.safeParse(`${'a'.repeat(320)}@example.com`))).toBe('Höchstens 320 Zeichen');
    expect(firstMessage(workforceTokensExchangeBodySchema.safeParse({ idToken: 'x'.repeat(16_385), nonceVerifier: 'n' }))).toBe(
      'idToken is too long',
    );
    expect(messageKeyOf('idToken is too long')?.key).toBe('schemaPatterns.tooLong');
    expect(german(scheduleQuerySchema.shape.days.safeParse(99))).toBe('Tage: muss eine Zahl von 1 bis 42 sein');
  });
});
