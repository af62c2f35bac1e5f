import type { DayFilterKey } from '@wattdesk/shared/constants';
import { formatClockTick } from '@wattdesk/shared/format';
import { formatTag } from '@wattdesk/shared/i18n/format-locale';
import { hourLabel, type PeriodIssue } from '@wattdesk/shared/pricing/periods';
import type { RatePeriod } from '@wattdesk/shared/pricing/types';
import { useMemo } from 'react';
import en from '../../i18n/catalogues/rates/en.json';
import { defineArea } from '../../i18n/area.ts';
import { useT, type Translate } from '../../i18n/use-t.ts';

/** The Rates screen's words (catalogues/rates), and the period words the fee screens share with it. */
export const ratesText = defineArea('rates', en);
export type RatesKey = keyof typeof en;

/**
 * An hour of the day as a choice and in a period's name. English keeps the spec's "5 PM" (tests and e2e read it);
 * the other languages write their own clock ("17:00"), as formatDurationWords does for durations.
 */
export const hourText = (hour: number): string =>
  formatTag() === 'en-US' ? hourLabel(hour) : formatClockTick(Date.UTC(2026, 0, 1, hour % 24), 'UTC');

const wordsOf = (t: Translate<RatesKey>) => {
  const weekday = (day: number) => t(`weekday.${day}` as RatesKey);
  const days = (filter: DayFilterKey) => t(`days.${filter}`);
  /** "Weekdays 5 PM–9 PM", "All Days all day": the reader's version of shared/pricing/periods.ts periodLabel. */
  const period = (p: Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>) =>
    t('period.label', {
      days: days(p.days),
      window: p.startHour === p.endHour ? t('window.allDay') : t('window.hours', { from: hourText(p.startHour), until: hourText(p.endHour) }),
    });
  const issue = (found: PeriodIssue, periods: readonly Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>[]) => {
    if (found.kind === 'none') return t('issue.none');
    if (found.kind === 'overlap')
      return t('issue.overlap', {
        first: period(periods[found.first]!),
        second: period(periods[found.second]!),
        weekday: weekday(found.weekday),
        hour: hourText(found.hour),
      });
    return t('issue.gap', { weekday: weekday(found.weekday), from: hourText(found.fromHour), until: hourText(found.untilHour) });
  };
  return { t, weekday, days, period, issue };
};

/** The translator with the period words: weekdays, day filters, period names and what is wrong with periods. */
export const useRateWords = () => {
  const t = useT(ratesText);
  return useMemo(() => wordsOf(t), [t]);
};
