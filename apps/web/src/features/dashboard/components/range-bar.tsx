import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useT, type Translate } from '../../../i18n/use-t.ts';
import { dashboardText, type DashboardKey } from '../dashboard-text.ts';
import { RANGE_PRESETS, type DayRange, type RangePreset } from '../range.ts';
import { DayFilter } from './day-filter.tsx';

type Props = { preset: RangePreset; range: DayRange; onPreset: (preset: RangePreset) => void; onCustom: (range: DayRange) => void };

const PRESET_DAYS: Partial<Record<RangePreset, number>> = { '7d': 7, '30d': 30, '90d': 90 };
const PRESET_KEYS: Partial<Record<RangePreset, DashboardKey>> = { today: 'range.today', month: 'range.month', custom: 'range.custom' };

const presetLabel = (t: Translate<DashboardKey>, preset: RangePreset): string => {
  const days = PRESET_DAYS[preset];
  return days === undefined ? t(PRESET_KEYS[preset]!) : t('range.days', { count: days });
};

/**
 * Today, 7 days, 30 days, this month, or two dates of the location's own calendar; and the Day filter, here because the
 * overview is the one screen it changes (it sat in the top bar of every screen, hidden below 1200 px).
 */
export const RangeBar = ({ preset, range, onPreset, onCustom }: Props) => {
  const t = useT(dashboardText);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', mb: 2 }}>
      <DayFilter />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset}
        onChange={(_, next: RangePreset | null) => next && onPreset(next)}
        aria-label={t('range.label')}
      >
        {RANGE_PRESETS.map((p) => (
          <ToggleButton key={p} value={p}>
            {presetLabel(t, p)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {preset === 'custom' ? (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="date"
            label={t('range.from')}
            value={range.from}
            onChange={(e) => e.target.value && onCustom({ ...range, from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('range.to')}
            value={range.to}
            onChange={(e) => e.target.value && onCustom({ ...range, to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
};
