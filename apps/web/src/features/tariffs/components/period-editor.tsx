import { DAY_FILTERS, type DayFilterKey } from '@wattdesk/shared/constants';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { HourSelect, MoneyField } from './form-parts.tsx';
import { useRateWords } from '../rates-text.ts';

/** A period as the form holds it: prices as typed. */
export type DraftPeriod = { key: number; days: DayFilterKey; startHour: number; endHour: number; energyPrice: string; timePrice: string };
export type PeriodErrors = Record<number, { energyPrice?: string | undefined; timePrice?: string | undefined }>;

type Props = {
  periods: DraftPeriod[];
  currency: string;
  errors: PeriodErrors;
  isReadOnly: boolean;
  onChange: (periods: DraftPeriod[]) => void;
};

let nextKey = 1000;
export const newPeriodKey = () => (nextKey += 1);

/** One row per period: the Day filter, start and end from the hour choices, price per kWh and per hour. */
export const PeriodEditor = ({ periods, currency, errors, isReadOnly, onChange }: Props) => {
  const { t, days } = useRateWords();
  const update = (key: number, patch: Partial<DraftPeriod>) => onChange(periods.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  return (
    <Box>
      {periods.map((period, index) => (
        <Box
          key={period.key}
          role="group"
          aria-label={t('period.group', { number: index + 1 })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <TextField
            fullWidth={false}
            margin="none"
            select
            size="small"
            label={t('period.day')}
            value={period.days}
            disabled={isReadOnly}
            onChange={(event) => update(period.key, { days: event.target.value as DayFilterKey })}
            sx={{ minWidth: 130 }}
          >
            {DAY_FILTERS.map((filter) => (
              <MenuItem key={filter.key} value={filter.key}>
                {days(filter.key)}
              </MenuItem>
            ))}
          </TextField>
          <HourSelect
            label={t('period.from')}
            value={period.startHour}
            disabled={isReadOnly}
            onChange={(startHour) => update(period.key, { startHour })}
          />
          <HourSelect
            label={t('period.until')}
            value={period.endHour}
            disabled={isReadOnly}
            onChange={(endHour) => update(period.key, { endHour })}
          />
          <MoneyField
            label={t('period.energyPrice')}
            per="/kWh"
            currency={currency}
            value={period.energyPrice}
            error={errors[period.key]?.energyPrice}
            disabled={isReadOnly}
            onChange={(energyPrice) => update(period.key, { energyPrice })}
          />
          <MoneyField
            label={t('period.timePrice')}
            per="/h"
            currency={currency}
            value={period.timePrice}
            error={errors[period.key]?.timePrice}
            disabled={isReadOnly}
            onChange={(timePrice) => update(period.key, { timePrice })}
          />
          {isReadOnly ? null : (
            <IconButton aria-label={t('period.remove', { number: index + 1 })} onClick={() => onChange(periods.filter((p) => p.key !== period.key))}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {isReadOnly ? null : (
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => onChange([...periods, { key: newPeriodKey(), days: 'all-days', startHour: 0, endHour: 0, energyPrice: '', timePrice: '' }])}
        >
          {t('period.add')}
        </Button>
      )}
    </Box>
  );
};
