import { HOUR_OPTIONS } from '@wattdesk/shared/constants';
import { updateDpoBodySchema, type DpoOverview, type LimitMode, type LimitPeriod } from '@wattdesk/shared/schemas/energy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { usePlanIncludes } from '../../../lib/queries/plan-includes.ts';
import { useSaveDpoLimit } from '../api/dpo-api.ts';
import { Section } from './section.tsx';

type PeriodText = { startHour: number; endHour: number; limitKw: string };

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const HourSelect = ({ label, value, onChange, disabled }: { label: string; value: number; onChange: (hour: number) => void; disabled: boolean }) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={(event) => onChange(Number(event.target.value))}
    disabled={disabled}
    sx={{ minWidth: 120 }}
  >
    {HOUR_OPTIONS.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);

/** The charging limit: on or off, fixed or by time of day (the location's hours), and the minimum per session. */
export const LimitForm = ({ overview, isReadOnly }: { overview: DpoOverview; isReadOnly: boolean }) => {
  const { settings } = overview;
  const [enabled, setEnabled] = useState(settings.enabled);
  const [mode, setMode] = useState<LimitMode>(settings.limitMode);
  const [limit, setLimit] = useState(String(settings.limitKw));
  const [minimum, setMinimum] = useState(String(settings.minPerSessionKw));
  const [periods, setPeriods] = useState<PeriodText[]>(
    settings.periods.map((period: LimitPeriod) => ({ ...period, limitKw: String(period.limitKw) })),
  );
  const [isConfirming, setConfirming] = useState(false);
  const save = useSaveDpoLimit();
  // Turning the limit on needs a plan with dynamic power (decision 080); turning it off never does.
  const plan = usePlanIncludes(overview.locationId).data;
  const notIncluded = plan !== undefined && !plan.includes.features.includes('dynamic_power');

  const body = {
    locationId: overview.locationId,
    enabled,
    limitMode: mode,
    limitKw: num(limit),
    minPerSessionKw: num(minimum),
    periods: periods.map((period) => ({ ...period, limitKw: num(period.limitKw) })),
  };
  const parsed = updateDpoBodySchema.safeParse(body);
  const errorAt = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.join('.') === path)?.message);
  const setPeriod = (index: number, change: Partial<PeriodText>) =>
    setPeriods((list) => list.map((period, at) => (at === index ? { ...period, ...change } : period)));

  return (
    <Section title="Charging limit">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The power all sessions at this location may share. Each session gets at least the minimum; the rest is shared equally (high-priority chargers
        first). Hours are in the location&apos;s time zone ({overview.timeZone}).
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} disabled={isReadOnly || (notIncluded && !enabled)} />
        }
        label="Limit the power of this location"
      />
      {notIncluded && !isReadOnly ? (
        <Typography variant="body2" color="text.secondary">
          Dynamic power is not included in {plan.planName ? `the ${plan.planName} plan` : "this location's plan"}: change the plan under Subscription
          to turn the limit on. A limit already on keeps protecting the site.
        </Typography>
      ) : null}
      <RadioGroup row aria-label="Limit" value={mode} onChange={(event) => setMode(event.target.value as LimitMode)}>
        <FormControlLabel value="fixed" control={<Radio />} label="Fixed" disabled={isReadOnly} />
        <FormControlLabel value="time-of-day" control={<Radio />} label="By time of day" disabled={isReadOnly} />
      </RadioGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
        <TextField
          size="small"
          label={mode === 'fixed' ? 'Charging limit (kW)' : 'Limit outside the periods (kW)'}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          error={Boolean(errorAt('limitKw'))}
          helperText={errorAt('limitKw')}
          disabled={isReadOnly}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          size="small"
          label="Minimum per session (kW)"
          value={minimum}
          onChange={(event) => setMinimum(event.target.value)}
          error={Boolean(errorAt('minPerSessionKw'))}
          helperText={errorAt('minPerSessionKw') ?? 'An EV needs about 1.4 kW (6 A) to keep charging'}
          disabled={isReadOnly}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      {mode === 'time-of-day' ? (
        <Box sx={{ my: 1 }}>
          {periods.map((period, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ mb: 1, alignItems: 'flex-start' }}>
              <HourSelect label="From" value={period.startHour} onChange={(startHour) => setPeriod(index, { startHour })} disabled={isReadOnly} />
              <HourSelect label="Until" value={period.endHour} onChange={(endHour) => setPeriod(index, { endHour })} disabled={isReadOnly} />
              <TextField
                size="small"
                label="Limit (kW)"
                value={period.limitKw}
                onChange={(event) => setPeriod(index, { limitKw: event.target.value })}
                error={Boolean(errorAt(`periods.${index}.limitKw`) ?? errorAt(`periods.${index}.endHour`))}
                helperText={errorAt(`periods.${index}.limitKw`) ?? errorAt(`periods.${index}.endHour`)}
                disabled={isReadOnly}
              />
              {isReadOnly ? null : (
                <IconButton aria-label={`Remove period ${index + 1}`} onClick={() => setPeriods((list) => list.filter((_, at) => at !== index))}>
                  <DeleteIcon />
                </IconButton>
              )}
            </Stack>
          ))}
          {errorAt('periods') ? (
            <Typography color="error" variant="body2">
              {errorAt('periods')}
            </Typography>
          ) : null}
          {isReadOnly ? null : (
            <Button size="small" onClick={() => setPeriods((list) => [...list, { startHour: 17, endHour: 21, limitKw: limit }])}>
              Add period
            </Button>
          )}
        </Box>
      ) : null}
      {isReadOnly ? null : (
        <Button variant="contained" sx={{ mt: 1 }} disabled={!parsed.success} onClick={() => setConfirming(true)}>
          Apply limit
        </Button>
      )}
      <ConfirmDialog
        open={isConfirming}
        title="Apply the charging limit?"
        confirmLabel="Apply to chargers"
        isBusy={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          if (parsed.success) save.mutate(parsed.data, { onSettled: () => setConfirming(false) });
        }}
      >
        {enabled
          ? `The chargers at this location are told at once how much power each session may draw (${mode === 'fixed' ? `${limit} kW in all` : 'by time of day'}). Running sessions may slow down.`
          : 'The chargers at this location are told to stop limiting power: sessions may draw their full rate.'}
      </ConfirmDialog>
    </Section>
  );
};
