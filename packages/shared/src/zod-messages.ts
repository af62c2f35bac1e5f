import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/** `firstName` → `First name`, so generic messages read as sentences. */
export const humanizeField = (path: readonly PropertyKey[]): string => {
  const last = [...path].reverse().find((segment): segment is string => typeof segment === 'string');
  if (!last) return 'Request body';
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

type IssueLike = { input?: unknown; path?: PropertyKey[] };

/** A schema's own message for a bad value that still says "required" when the field is missing. */
export const invalidFieldError = (describe: (field: string) => string) => (issue: IssueLike) => {
  const field = humanizeField(issue.path ?? []);
  return issue.input === undefined || issue.input === null ? m.required(field) : describe(field);
};

/**
 * Zod's defaults ("Invalid input: expected string, received undefined") are for developers.
 * Schemas with their own message keep it; everything else gets a sentence naming the field.
 */
z.config({
  // In the browser, zod's optional code generation would probe eval() and trip the strict CSP.
  jitless: 'document' in globalThis,
  customError: (issue) => {
    if (issue.code !== 'invalid_type') return undefined;
    const field = humanizeField(issue.path ?? []);
    if (issue.input === undefined || issue.input === null) return m.required(field);
    // Translated as schemaPatterns.mustBeString, .mustBeArray … (written out here: the sign-in page loads this file).
    return `${field} must be ${article(issue.expected)} ${issue.expected}`;
  },
});
