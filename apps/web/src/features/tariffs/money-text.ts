import { minorToDecimal, parseMicros, parseMinor } from '@wattdesk/shared/pricing/money';
import { validationMessages } from '@wattdesk/shared/messages';

/** What a person typed → minor units, or the message to show. Empty is an error unless optional. */
export const readMinor = (text: string, currency: string, label: string): { value?: number; error?: string } => {
  if (!text.trim()) return { error: validationMessages.required(label) };
  const value = parseMinor(text, currency);
  return value === undefined ? { error: `${validationMessages.nonNegativeNumber(label)}, in ${currency} with its decimals` } : { value };
};

export const readMicros = (text: string, currency: string, label: string): { value?: number; error?: string } => {
  if (!text.trim()) return { error: validationMessages.required(label) };
  const value = parseMicros(text, currency);
  return value === undefined ? { error: `${validationMessages.nonNegativeNumber(label)}, with at most 6 decimals` } : { value };
};

export const minorText = (minor: number | null | undefined, currency: string) =>
  minor === null || minor === undefined ? '' : minorToDecimal(minor, currency);
export const microsText = (micros: number | null | undefined) => (micros === null || micros === undefined ? '' : String(micros / 1_000_000));
