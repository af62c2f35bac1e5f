import { DAY_FILTERS, type DayFilterKey } from '@wattdesk/shared/constants';
import { useDayFilter } from '../../../lib/use-day-filter.ts';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export const DayFilter = () => {
  const [value, setValue] = useDayFilter();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: DayFilterKey | null) => next && setValue(next)}
      aria-label="Day filter"
      sx={{ bgcolor: 'background.paper' }}
    >
      {DAY_FILTERS.map((filter) => (
        <ToggleButton key={filter.key} value={filter.key}>
          {filter.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};
