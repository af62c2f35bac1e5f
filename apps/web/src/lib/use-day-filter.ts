import { DAY_FILTERS, type DayFilterKey } from '@wattdesk/shared/constants';
import { useSearchParams } from 'react-router';

const isDayFilter = (value: string | null): value is DayFilterKey => DAY_FILTERS.some((filter) => filter.key === value);

/** The day filter lives in the URL, so a filtered view can be bookmarked and shared. */
export const useDayFilter = (): [DayFilterKey, (value: DayFilterKey) => void] => {
  const [params, setParams] = useSearchParams();
  const current = params.get('days');
  const value = isDayFilter(current) ? current : 'all-days';
  const setValue = (next: DayFilterKey) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all-days') updated.delete('days');
        else updated.set('days', next);
        return updated;
      },
      { replace: true },
    );
  return [value, setValue];
};
