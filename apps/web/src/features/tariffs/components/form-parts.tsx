import { formatHourOfDay } from '@wattdesk/shared/format';
import { DURATION_HOURS, HOUR_OPTIONS } from '@wattdesk/shared/constants';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useRateWords } from '../rates-text.ts';

/** A titled block of a tariff screen. */
export const Section = ({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) => {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2, mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}>
        <span style={{ flex: 1 }}>{title}</span>
        {actions}
      </Typography>
      {children}
    </Paper>
  );
};

type MoneyFieldProps = {
  label: string;
  value: string;
  currency: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** "/kWh", "/h", "/min" after the amount. */
  per?: string;
  size?: 'small' | 'medium';
};

/** An amount typed in the location's currency (the server gets integer minor units or micros). */
export const MoneyField = ({ label, value, currency, onChange, error, disabled, per, size = 'small' }: MoneyFieldProps) => (
  <TextField
    fullWidth={false}
    margin="none"
    label={label}
    value={value}
    size={size}
    disabled={disabled}
    onChange={(event) => onChange(event.target.value)}
    error={Boolean(error)}
    helperText={error}
    sx={{ width: 230 }}
    slotProps={{
      htmlInput: { inputMode: 'decimal' },
      input: {
        startAdornment: <InputAdornment position="start">{currency}</InputAdornment>,
        ...(per ? { endAdornment: <InputAdornment position="end">{per}</InputAdornment> } : {}),
      },
    }}
  />
);

export const HourSelect = ({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (hour: number) => void;
  disabled?: boolean;
}) => (
  <TextField
    fullWidth={false}
    margin="none"
    select
    size="small"
    label={label}
    value={value}
    disabled={disabled}
    onChange={(event) => onChange(Number(event.target.value))}
    sx={{ minWidth: 110 }}
  >
    {HOUR_OPTIONS.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {formatHourOfDay(option.value)}
      </MenuItem>
    ))}
  </TextField>
);

/** The spec's duration choices, as minutes; `none` adds a "none" choice worth 0. */
export const DurationSelect = ({
  label,
  minutes,
  onChange,
  disabled,
  none,
}: {
  label: string;
  minutes: number;
  onChange: (minutes: number) => void;
  disabled?: boolean;
  none?: string;
}) => {
  const { t } = useRateWords();
  return (
    <TextField
      fullWidth={false}
      margin="none"
      select
      size="small"
      label={label}
      value={minutes}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 160 }}
    >
      {none ? <MenuItem value={0}>{none}</MenuItem> : null}
      {DURATION_HOURS.map((hours) => (
        <MenuItem key={hours} value={hours * 60}>
          {hours < 1 ? t('duration.minutes', { count: hours * 60 }) : t('duration.hours', { count: hours })}
        </MenuItem>
      ))}
    </TextField>
  );
};
