import { zodResolver } from '@hookform/resolvers/zod';
import { locationProfileSchema, type LocationProfile } from '@wattdesk/shared/schemas/locations';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { TimeZoneSelect } from '../../../components/form/time-zone-select.tsx';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { locationsText, type LocationsKey } from '../locations-text.ts';
import { LocationMap } from './location-map.tsx';

type LocationFormProps = {
  defaults: LocationProfile;
  submitLabel: string;
  isBusy: boolean;
  isReadOnly?: boolean;
  onSubmit: (profile: LocationProfile) => void;
  onCancel?: () => void;
};

const TEXT_FIELDS: { name: keyof LocationProfile; label: LocationsKey; width: number }[] = [
  { name: 'name', label: 'form.name', width: 12 },
  { name: 'addressLine1', label: 'form.addressLine1', width: 12 },
  { name: 'addressLine2', label: 'form.addressLine2', width: 12 },
  { name: 'city', label: 'form.city', width: 5 },
  { name: 'state', label: 'form.state', width: 4 },
  { name: 'zipCode', label: 'form.zipCode', width: 3 },
];

/** Name, address and pin, validated with the same schema the server uses. */
export const LocationForm = ({ defaults, submitLabel, isBusy, isReadOnly, onSubmit, onCancel }: LocationFormProps) => {
  const t = useT(locationsText);
  const common = useT(commonText);
  const sentence = useSentence();
  const config = useAppConfig();
  const { control, handleSubmit, setValue, watch, formState } = useForm<LocationProfile>({
    resolver: zodResolver(locationProfileSchema),
    values: defaults,
  });
  const [lng, lat] = watch(['lng', 'lat']);
  const numberField = (name: 'lng' | 'lat', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={Number.isFinite(field.value) ? field.value : ''}
          onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
          type="number"
          label={label}
          slotProps={{ htmlInput: { step: 'any', readOnly: isReadOnly } }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error && sentence(fieldState.error.message ?? '')}
          margin="dense"
        />
      )}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, 1fr)', columnGap: 2 }}>
        {TEXT_FIELDS.map(({ name, label, width }) => (
          <Box key={name} sx={{ gridColumn: { xs: 'span 12', sm: `span ${width}` } }}>
            <Controller
              name={name}
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t(label)}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error && sentence(fieldState.error.message ?? '')}
                  margin="dense"
                  slotProps={{ htmlInput: { readOnly: isReadOnly } }}
                />
              )}
            />
          </Box>
        ))}
      </Box>
      <Controller
        name="timeZone"
        control={control}
        render={({ field, fieldState }) => (
          <TimeZoneSelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error && sentence(fieldState.error.message ?? '')}
            isReadOnly={isReadOnly}
            label={t('form.timeZone')}
          />
        )}
      />
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {t(isReadOnly ? 'form.position' : 'form.positionHint')}
      </Typography>
      <LocationMap
        lng={lng}
        lat={lat}
        tileUrl={config?.mapTileUrl ?? null}
        attribution={config?.mapAttribution ?? ''}
        onMove={(nextLng, nextLat) => {
          if (isReadOnly) return;
          setValue('lng', nextLng, { shouldDirty: true, shouldValidate: true });
          setValue('lat', nextLat, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2 }}>
        {numberField('lat', t('form.latitude'))}
        {numberField('lng', t('form.longitude'))}
      </Box>
      {isReadOnly ? null : (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
          {onCancel ? <Button onClick={onCancel}>{common('cancel')}</Button> : null}
          <Button type="submit" variant="contained" loading={isBusy} disabled={!formState.isDirty && !onCancel}>
            {submitLabel}
          </Button>
        </Box>
      )}
    </Box>
  );
};
