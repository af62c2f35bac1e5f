import type { DayFilterKey } from '@wattdesk/shared/constants';
import { formatCount, formatDate, formatHourOfDay } from '@wattdesk/shared/format';
import type { HourWindow, LineItem, RatePeriod } from '@wattdesk/shared/pricing/types';
import { useMemo } from 'react';
import en from '../i18n/catalogues/price-lines/en.json';
import { defineArea } from '../i18n/area.ts';
import { useT, type Translate } from '../i18n/use-t.ts';

/**
 * The words of a price (catalogues/price-lines): rate periods and the lines of a session's price, which the Rates
 * screens and a session's price table both show.
 */
export const priceLinesText = defineArea('price-lines', en);
type PriceLinesKey = keyof typeof en;

const wordsOf = (t: Translate<PriceLinesKey>) => {
  const days = (filter: DayFilterKey) => t(`days.${filter}`);
  const window = (w: HourWindow) =>
    w.startHour === w.endHour ? t('window.allDay') : t('window.hours', { from: formatHourOfDay(w.startHour), until: formatHourOfDay(w.endHour) });
  /** "Weekdays 5 PM–9 PM", "All Days all day": the reader's version of shared/pricing/periods.ts periodLabel. */
  const period = (p: Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>) => t('period.label', { days: days(p.days), window: window(p) });
  /**
   * A price's line in the reader's words, from what the engine kept of it (`detail`); a line priced before that was
   * kept reads as the engine's English.
   */
  const lineItem = (item: Pick<LineItem, 'kind' | 'description' | 'detail' | 'rule'>) => {
    const detail = item.detail;
    if (item.kind === 'session-fee') return t('line.sessionFee');
    if (item.kind === 'violation' && item.rule) return t(`line.${item.rule}`);
    if (detail && 'period' in detail) return t(item.kind === 'time' ? 'line.time' : 'line.energy', { period: period(detail.period) });
    if (detail && 'idle' in detail) {
      const { date, graceMinutes, freeHours, capped } = detail.idle;
      const day = formatDate(`${date}T12:00:00Z`, 'UTC');
      const notes = [
        graceMinutes ? t('line.grace', { minutes: formatCount(graceMinutes) }) : '',
        freeHours ? t('line.freeHours', { window: window(freeHours) }) : '',
      ]
        .filter(Boolean)
        .join(', ');
      const text = notes ? t('line.idleWithNotes', { date: day, notes }) : t('line.idle', { date: day });
      return capped ? t('line.capped', { item: text }) : text;
    }
    return item.description;
  };
  return { period, lineItem };
};

export const usePriceWords = () => {
  const t = useT(priceLinesText);
  return useMemo(() => wordsOf(t), [t]);
};
