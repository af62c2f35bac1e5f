import type { DayFilterKey } from '@wattdesk/shared/constants';
import { formatHourOfDay } from '@wattdesk/shared/format';
import type { PeriodIssue } from '@wattdesk/shared/pricing/periods';
import type { RatePeriod } from '@wattdesk/shared/pricing/types';
import { useMemo } from 'react';
import en from '../../i18n/catalogues/rates/en.json';
import { defineArea } from '../../i18n/area.ts';
import { useT, type Translate } from '../../i18n/use-t.ts';

/** The Rates screen's words (catalogues/rates), and the period words the fee screens share with it. */
export const ratesText = defineArea('rates', en);
export type RatesKey = keyof typeof en;

const wordsOf = (t: Translate<RatesKey>) => {
  const weekday = (day: number) => t(`weekday.${day}` as RatesKey);
  const days = (filter: DayFilterKey) => t(`days.${filter}`);
  /** "Weekdays 5 PM–9 PM", "All Days all day": the reader's version of shared/pricing/periods.ts periodLabel. */
  const period = (p: Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>) =>
    t('period.label', {
      days: days(p.days),
      window:
        p.startHour === p.endHour ? t('window.allDay') : t('window.hours', { from: formatHourOfDay(p.startHour), until: formatHourOfDay(p.endHour) }),
    });
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
  return { t, weekday, days, period, issue };
};

/** The translator with the period words: weekdays, day filters, period names and what is wrong with periods. */
export const useRateWords = () => {
  const t = useT(ratesText);
  return useMemo(() => wordsOf(t), [t]);
};
