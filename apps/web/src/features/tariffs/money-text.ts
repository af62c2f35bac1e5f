import { editableDecimal, minorToDecimal, parseMicros, parseMinor } from '@wattdesk/shared/pricing/money';
import { validationMessages } from '@wattdesk/shared/messages';
import { useMemo } from 'react';
import { useSentence } from '../../i18n/sentences.ts';
import { useT } from '../../i18n/use-t.ts';
import { ratesText } from './rates-text.ts';

export type MoneyReading = { value?: number; error?: string };

/**
 * What a person typed → minor units or micros, or the message to show in the page's language (the shared
 * validation sentence, with the currency's hint). Empty is an error; a field that may be empty is not read.
 */
export const useMoneyReader = () => {
  const t = useT(ratesText);
  const sentence = useSentence();
  return useMemo(
    () => ({
      readMinor: (text: string, currency: string, label: string): MoneyReading => {
        if (!text.trim()) return { error: sentence(validationMessages.required(label)) };
        const value = parseMinor(text, currency);
        return value === undefined
          ? { error: t('money.minorHint', { problem: sentence(validationMessages.nonNegativeNumber(label)), currency }) }
          : { value };
      },
      readMicros: (text: string, currency: string, label: string): MoneyReading => {
        if (!text.trim()) return { error: sentence(validationMessages.required(label)) };
        const value = parseMicros(text, currency);
        return value === undefined ? { error: t('money.microsHint', { problem: sentence(validationMessages.nonNegativeNumber(label)) }) } : { value };
      },
    }),
    [t, sentence],
  );
};
export type MoneyReader = ReturnType<typeof useMoneyReader>;

/** An amount in its field, written with the page language's decimal mark ("0,29" in German), as it is read back. */
export const minorText = (minor: number | null | undefined, currency: string) =>
  minor === null || minor === undefined ? '' : editableDecimal(minorToDecimal(minor, currency));
export const microsText = (micros: number | null | undefined) =>
  micros === null || micros === undefined ? '' : editableDecimal(String(micros / 1_000_000));
