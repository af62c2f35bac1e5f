import { DAY_FILTERS, type DayFilterKey } from '@wattdesk/shared/constants';
import { useSearchParams } from 'react-router';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const DAY_FILTER_KEY = 'wattdesk.dayFilter';

const isDayFilter = (value: unknown): value is DayFilterKey => DAY_FILTERS.some((filter) => filter.key === value);

/** The last choice, so the dashboard shows it again after the user has been elsewhere (or reloads). */
const useLastDayFilter = create<{ value: DayFilterKey; choose: (value: DayFilterKey) => void }>()(
  persist((set) => ({ value: 'all-days', choose: (value) => set({ value }) }), {
    name: DAY_FILTER_KEY,
    storage: createJSONStorage(() => localStorage),
    version: 1,
    merge: (saved, current) => {
      const value = (saved as { value?: unknown } | undefined)?.value;
      return isDayFilter(value) ? { ...current, value } : current;
    },
  }),
);

/**
 * The Day filter: the URL's `days` when it has one (a filtered view can be bookmarked and shared), else the last
 * choice. Choosing writes both.
 */
export const useDayFilter = (): [DayFilterKey, (value: DayFilterKey) => void] => {
  const [params, setParams] = useSearchParams();
  const last = useLastDayFilter((state) => state.value);
  const choose = useLastDayFilter((state) => state.choose);
  const current = params.get('days');
  const value = isDayFilter(current) ? current : last;
  const setValue = (next: DayFilterKey) => {
    choose(next);
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all-days') updated.delete('days');
        else updated.set('days', next);
        return updated;
      },
      { replace: true },
    );
  };
  return [value, setValue];
};
