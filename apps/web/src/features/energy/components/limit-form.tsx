import { decimalFromTyped, editableDecimal } from '@wattdesk/shared/pricing/money';
import { HOUR_OPTIONS } from '@wattdesk/shared/constants';
import { formatHourOfDay } from '@wattdesk/shared/format';
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
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { usePlanIncludes } from '../../../lib/queries/plan-includes.ts';
import { useSaveDpoLimit } from '../api/dpo-api.ts';
import { energyText } from '../energy-text.ts';
import { Section } from './section.tsx';

type PeriodText = { startHour: number; endHour: number; limitKw: string };

/** kW as typed on the page, its language's decimal mark and all ("7,4" in German). */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(decimalFromTyped(text.trim()) ?? Number.NaN));

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
        {formatHourOfDay(option.value)}
      </MenuItem>
    ))}
  </TextField>
);

/** The charging limit: on or off, fixed or by time of day (the location's hours), and the minimum per session. */
export const LimitForm = ({ overview, isReadOnly }: { overview: DpoOverview; isReadOnly: boolean }) => {
  const { settings } = overview;
  const [enabled, setEnabled] = useState(settings.enabled);
  const [mode, setMode] = useState<LimitMode>(settings.limitMode);
  const [limit, setLimit] = useState(editableDecimal(String(settings.limitKw)));
  const [minimum, setMinimum] = useState(editableDecimal(String(settings.minPerSessionKw)));
  const [periods, setPeriods] = useState<PeriodText[]>(
    settings.periods.map((period: LimitPeriod) => ({ ...period, limitKw: editableDecimal(String(period.limitKw)) })),
  );
  const [isConfirming, setConfirming] = useState(false);
  const save = useSaveDpoLimit();
  const t = useT(energyText);
  const sentence = useSentence();
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
  const errorAt = (path: string) => {
    const message = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.join('.') === path)?.message;
    return message === undefined ? undefined : sentence(message);
  };
  const setPeriod = (index: number, change: Partial<PeriodText>) =>
    setPeriods((list) => list.map((period, at) => (at === index ? { ...period, ...change } : period)));

  return (
    <Section title={t('limit.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('limit.intro', { timeZone: overview.timeZone })}
      </Typography>
      <FormControlLabel
        control={
          <Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} disabled={isReadOnly || (notIncluded && !enabled)} />
        }
        label={t('limit.switch')}
      />
      {notIncluded && !isReadOnly ? (
        <Typography variant="body2" color="text.secondary">
          {plan.planName ? t('limit.notIncludedNamed', { plan: plan.planName }) : t('limit.notIncluded')}
        </Typography>
      ) : null}
      <RadioGroup row aria-label={t('limit.mode')} value={mode} onChange={(event) => setMode(event.target.value as LimitMode)}>
        <FormControlLabel value="fixed" control={<Radio />} label={t('limit.fixed')} disabled={isReadOnly} />
        <FormControlLabel value="time-of-day" control={<Radio />} label={t('limit.timeOfDay')} disabled={isReadOnly} />
      </RadioGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
        <TextField
          size="small"
          label={t(mode === 'fixed' ? 'limit.fixedLimit' : 'limit.outsideLimit')}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          error={Boolean(errorAt('limitKw'))}
          helperText={errorAt('limitKw')}
          disabled={isReadOnly}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          size="small"
          label={t('limit.minimum')}
          value={minimum}
          onChange={(event) => setMinimum(event.target.value)}
          error={Boolean(errorAt('minPerSessionKw'))}
          helperText={errorAt('minPerSessionKw') ?? t('limit.minimumHelp')}
          disabled={isReadOnly}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      {mode === 'time-of-day' ? (
        <Box sx={{ my: 1 }}>
          {periods.map((period, index) => (
            <Stack key={index} direction="row" spacing={1} sx={{ mb: 1, alignItems: 'flex-start' }}>
              <HourSelect
                label={t('limit.from')}
                value={period.startHour}
                onChange={(startHour) => setPeriod(index, { startHour })}
                disabled={isReadOnly}
              />
              <HourSelect
                label={t('limit.until')}
                value={period.endHour}
                onChange={(endHour) => setPeriod(index, { endHour })}
                disabled={isReadOnly}
              />
              <TextField
                size="small"
                label={t('limit.periodLimit')}
                value={period.limitKw}
                onChange={(event) => setPeriod(index, { limitKw: event.target.value })}
                error={Boolean(errorAt(`periods.${index}.limitKw`) ?? errorAt(`periods.${index}.endHour`))}
                helperText={errorAt(`periods.${index}.limitKw`) ?? errorAt(`periods.${index}.endHour`)}
                disabled={isReadOnly}
              />
              {isReadOnly ? null : (
                <IconButton
                  aria-label={t('limit.removePeriod', { number: index + 1 })}
                  onClick={() => setPeriods((list) => list.filter((_, at) => at !== index))}
                >
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
              {t('limit.addPeriod')}
            </Button>
          )}
        </Box>
      ) : null}
      {isReadOnly ? null : (
        <Button variant="contained" sx={{ mt: 1 }} disabled={!parsed.success} onClick={() => setConfirming(true)}>
          {t('limit.apply')}
        </Button>
      )}
      <ConfirmDialog
        open={isConfirming}
        title={t('limit.confirmTitle')}
        confirmLabel={t('limit.confirmButton')}
        isBusy={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          if (parsed.success) save.mutate(parsed.data, { onSettled: () => setConfirming(false) });
        }}
      >
        {enabled ? (mode === 'fixed' ? t('limit.confirmFixed', { limit }) : t('limit.confirmTimeOfDay')) : t('limit.confirmOff')}
      </ConfirmDialog>
    </Section>
  );
};
