import type { DayFilterKey } from '@wattdesk/shared/constants';
import { formatHourOfDay } from '@wattdesk/shared/format';
import type { PeriodIssue } from '@wattdesk/shared/pricing/periods';
import type { RatePeriod } from '@wattdesk/shared/pricing/types';
import { usePriceWords } from '../../components/price-lines-text.ts';
import { useMemo } from 'react';
import en from '../../i18n/catalogues/rates/en.json';
import { defineArea } from '../../i18n/area.ts';
import { useT, type Translate } from '../../i18n/use-t.ts';

/** The Rates screen's words (catalogues/rates), and the period words the fee screens share with it. */
export const ratesText = defineArea('rates', en);
export type RatesKey = keyof typeof en;

const wordsOf = (t: Translate<RatesKey>, { period, lineItem }: ReturnType<typeof usePriceWords>) => {
  const weekday = (day: number) => t(`weekday.${day}` as RatesKey);
  const days = (filter: DayFilterKey) => t(`days.${filter}`);
  const issue = (found: PeriodIssue, periods: readonly Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>[]) => {
    if (found.kind === 'none') return t('issue.none');
    if (found.kind === 'overlap')
      return t('issue.overlap', {
        first: period(periods[found.first]!),
        second: period(periods[found.second]!),
        weekday: weekday(found.weekday),
        hour: formatHourOfDay(found.hour),
      });
    return t('issue.gap', { weekday: weekday(found.weekday), from: formatHourOfDay(found.fromHour), until: formatHourOfDay(found.untilHour) });
  };
  return { t, weekday, days, period, issue, lineItem };
};

/** The translator with the period words: weekdays, day filters, period names (price-lines) and what is wrong with periods. */
export const useRateWords = () => {
  const t = useT(ratesText);
  const priceWords = usePriceWords();
  return useMemo(() => wordsOf(t, priceWords), [t, priceWords]);
};
