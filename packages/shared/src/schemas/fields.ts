import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';

/** Letters, spaces and the punctuation of real place and person names. */
const ALPHABETIC = /^[\p{L}\s.'-]+$/u;

/** Required text with the spec's messages: blank → "{Field} Field is required". */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: m.required(label) })
    .trim()
    .min(1, { error: m.required(label), abort: true })
    .max(max, { error: m.maxLength(label, max), abort: true });

export const optionalText = (label: string, max = 200) => z.string().trim().max(max, m.maxLength(label, max));

export const alphabeticText = (label: string, max = 100) => requiredText(label, max).regex(ALPHABETIC, m.alphabetic(label));

export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const nonNegativeNumber = (label: string, max = 1_000_000) =>
  z
    .number({ error: m.nonNegativeNumber(label) })
    .min(0, m.nonNegativeNumber(label))
    .max(max, m.mustBeAtMost(label, max));
