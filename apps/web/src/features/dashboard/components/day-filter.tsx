import { DAY_FILTERS, type DayFilterKey } from '@wattdesk/shared/constants';
import { useDayFilter } from '../../../lib/use-day-filter.ts';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useT } from '../../../i18n/use-t.ts';
import { dashboardText } from '../dashboard-text.ts';

/** The Day filter's words (shared/constants keeps the keys and the English the other screens still use). */
export const dayFilterKey = (key: DayFilterKey) => `days.${key}` as const;

export const DayFilter = () => {
  const [value, setValue] = useDayFilter();
  const t = useT(dashboardText);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: DayFilterKey | null) => next && setValue(next)}
      aria-label={t('days.label')}
      sx={{ bgcolor: 'background.paper' }}
    >
      {DAY_FILTERS.map((filter) => (
        <ToggleButton key={filter.key} value={filter.key}>
          {t(dayFilterKey(filter.key))}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};
