import { DAY_FILTERS, type DayFilterKey } from '@wattdesk/shared/constants';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { HourSelect, MoneyField } from './form-parts.tsx';

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
  const update = (key: number, patch: Partial<DraftPeriod>) => onChange(periods.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  return (
    <Box>
      {periods.map((period, index) => (
        <Box
          key={period.key}
          role="group"
          aria-label={`Period ${index + 1}`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <TextField
            fullWidth={false}
            margin="none"
            select
            size="small"
            label="Day"
            value={period.days}
            disabled={isReadOnly}
            onChange={(event) => update(period.key, { days: event.target.value as DayFilterKey })}
            sx={{ minWidth: 130 }}
          >
            {DAY_FILTERS.map((filter) => (
              <MenuItem key={filter.key} value={filter.key}>
                {filter.label}
              </MenuItem>
            ))}
          </TextField>
          <HourSelect label="From" value={period.startHour} disabled={isReadOnly} onChange={(startHour) => update(period.key, { startHour })} />
          <HourSelect label="Until" value={period.endHour} disabled={isReadOnly} onChange={(endHour) => update(period.key, { endHour })} />
          <MoneyField
            label="Price per kWh"
            per="/kWh"
            currency={currency}
            value={period.energyPrice}
            error={errors[period.key]?.energyPrice}
            disabled={isReadOnly}
            onChange={(energyPrice) => update(period.key, { energyPrice })}
          />
          <MoneyField
            label="Price per hour (optional)"
            per="/h"
            currency={currency}
            value={period.timePrice}
            error={errors[period.key]?.timePrice}
            disabled={isReadOnly}
            onChange={(timePrice) => update(period.key, { timePrice })}
          />
          {isReadOnly ? null : (
            <IconButton aria-label={`Remove period ${index + 1}`} onClick={() => onChange(periods.filter((p) => p.key !== period.key))}>
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
          Add period
        </Button>
      )}
    </Box>
  );
};
