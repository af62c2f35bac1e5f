import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DAY_FILTERS, HOUR_OPTIONS } from '@wattdesk/shared/constants';
import { driverRestrictionsSchema, type Driver, type DriverDayRule, type DriverRestrictions } from '@wattdesk/shared/schemas/drivers';
import { useState } from 'react';
import { MultiLocationPicker, type LocationOption } from '../../../components/form/location-picker.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { useUpdateRestrictions } from '../api/drivers-api.ts';
import { useChargersOfLocations } from '../../../lib/queries/chargers.ts';
import { useLocationOptions } from '../../../lib/queries/locations.ts';
import { driversText } from '../drivers-text.ts';

type Draft = Omit<DriverRestrictions, 'maxKwhPerSession' | 'maxSessionsPerDay'> & { maxKwhPerSession: string; maxSessionsPerDay: string };

const toDraft = (restrictions: DriverRestrictions): Draft => ({
  ...restrictions,
  maxKwhPerSession: restrictions.maxKwhPerSession === null ? '' : String(restrictions.maxKwhPerSession),
  maxSessionsPerDay: restrictions.maxSessionsPerDay === null ? '' : String(restrictions.maxSessionsPerDay),
});

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

const HourSelect = ({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number | null;
  onChange: (hour: number | null) => void;
  disabled: boolean;
}) => {
  const t = useT(driversText);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      sx={{ minWidth: 130 }}
    >
      <MenuItem value="">{t('restrictions.anyHour')}</MenuItem>
      {HOUR_OPTIONS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Where, when and how much the driver may charge; chargers enforce it at Authorize and StartTransaction. */
export const RestrictionsForm = ({ driver }: { driver: Driver }) => {
  const t = useT(driversText);
  const canChange = useCan()('Driver_Status');
  const [draft, setDraft] = useState<Draft>(() => toDraft(driver.restrictions));
  const [errors, setErrors] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const locations = useLocationOptions(search);
  const [chosen, setChosen] = useState<LocationOption[]>([]);
  const chargers = useChargersOfLocations(draft.locationIds.length ? draft.locationIds : [driver.locationId]);
  const save = useUpdateRestrictions(driver.id);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  // Chosen locations show by name once the list has them; ids saved earlier are looked up in it too.
  const known = new Map([...(locations.data?.items ?? []), ...chosen].map((location) => [location.id, location]));
  const locationValue = draft.locationIds.map(
    (id) => known.get(id) ?? { id, name: id === driver.locationId ? t('restrictions.driversLocation') : t('restrictions.anotherLocation') },
  );

  const submit = () => {
    const parsed = driverRestrictionsSchema.safeParse({
      ...draft,
      maxKwhPerSession: numberOrNull(draft.maxKwhPerSession),
      maxSessionsPerDay: numberOrNull(draft.maxSessionsPerDay),
    });
    if (!parsed.success) return setErrors([...new Set(parsed.error.issues.map((issue) => issue.message))]);
    setErrors([]);
    save.mutate(parsed.data);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label={t('restrictions.label')}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('restrictions.intro')}
      </Typography>
      {errors.length ? (
        <Alert severity="error" role="alert">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      {save.error ? (
        <Alert severity="error" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      <MultiLocationPicker
        label={t('restrictions.locations')}
        options={(locations.data?.items ?? []).map(({ id, name, city }) => ({ id, name, city }))}
        isLoading={locations.isFetching}
        onSearchChange={setSearch}
        value={locationValue}
        disabled={!canChange}
        onChange={(next) => {
          setChosen(next);
          set(
            'locationIds',
            next.map((location) => location.id),
          );
        }}
      />
      <Autocomplete
        multiple
        options={chargers}
        value={chargers.filter((charger) => draft.chargerIds.includes(charger.id))}
        disabled={!canChange}
        getOptionLabel={(charger) => `${charger.name} (${charger.chargerId})`}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onChange={(_event, next) =>
          set(
            'chargerIds',
            next.map((charger) => charger.id),
          )
        }
        renderInput={(params) => <TextField {...params} label={t('restrictions.chargers')} margin="normal" />}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
        <TextField
          select
          size="small"
          label={t('restrictions.days')}
          value={draft.days}
          disabled={!canChange}
          onChange={(event) => set('days', event.target.value as DriverDayRule)}
          sx={{ minWidth: 150 }}
        >
          {DAY_FILTERS.map((day) => (
            <MenuItem key={day.key} value={day.key}>
              {t(`days.${day.key}`)}
            </MenuItem>
          ))}
        </TextField>
        <HourSelect label={t('restrictions.from')} value={draft.hourFrom} disabled={!canChange} onChange={(hour) => set('hourFrom', hour)} />
        <HourSelect label={t('restrictions.to')} value={draft.hourTo} disabled={!canChange} onChange={(hour) => set('hourTo', hour)} />
        <TextField
          size="small"
          label={t('restrictions.maxKwh')}
          type="number"
          value={draft.maxKwhPerSession}
          disabled={!canChange}
          onChange={(event) => set('maxKwhPerSession', event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: 0.5 } }}
          sx={{ width: 170 }}
        />
        <TextField
          size="small"
          label={t('restrictions.maxSessions')}
          type="number"
          value={draft.maxSessionsPerDay}
          disabled={!canChange}
          onChange={(event) => set('maxSessionsPerDay', event.target.value)}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
          sx={{ width: 170 }}
        />
        <TextField
          size="small"
          label={t('restrictions.expires')}
          type="date"
          value={draft.expiresOn ?? ''}
          disabled={!canChange}
          onChange={(event) => set('expiresOn', event.target.value || null)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
      </Box>
      {canChange ? (
        <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={save.isPending}>
          {t('restrictions.save')}
        </Button>
      ) : null}
    </Box>
  );
};
