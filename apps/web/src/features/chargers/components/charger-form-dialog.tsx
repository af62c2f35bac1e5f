import { zodResolver } from '@hookform/resolvers/zod';
import { CHARGER_KINDS } from '@wattdesk/shared/constants';
import { ocppPasswordSchema } from '@wattdesk/shared/schemas/charging';
import { chargerDetailsSchema, chargerIdSchema, CONNECTOR_TYPES, type Charger, type CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useSaveCharger } from '../api/chargers-api.ts';
import { chargersText } from '../chargers-text.ts';

const formSchema = chargerDetailsSchema.extend({
  chargerId: chargerIdSchema,
  /** Empty: the server generates one. */
  ocppPassword: z.union([z.literal(''), ocppPasswordSchema]).optional(),
});
type FormValues = z.input<typeof formSchema>;

const Field = ({
  control,
  name,
  label,
  ...rest
}: {
  control: Control<FormValues>;
  name: keyof FormValues;
  label: string;
  select?: boolean;
  type?: string;
  disabled?: boolean;
  children?: ReactNode;
  multiple?: boolean;
  autoFocus?: boolean;
}) => {
  // The shared schema's sentence, in the page's language.
  const sentence = useSentence();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(rest.type === 'number' ? Number(event.target.value) : event.target.value)}
          label={label}
          select={rest.select ?? false}
          autoFocus={rest.autoFocus ?? false}
          type={rest.type ?? 'text'}
          disabled={rest.disabled ?? false}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? sentence(fieldState.error.message) : undefined}
          margin="dense"
          slotProps={rest.multiple ? { select: { multiple: true } } : {}}
        >
          {rest.children}
        </TextField>
      )}
    />
  );
};

type ChargerFormDialogProps = {
  locationId: string;
  charger?: Charger;
  onClose: () => void;
  /** A new charger, with its OCPP password (answered this once). */
  onCreated?: (charger: CreatedCharger) => void;
};

/** Register a charger at the location, or edit one (rename included); the id is fixed once registered. */
export const ChargerFormDialog = ({ locationId, charger, onClose, onCreated }: ChargerFormDialogProps) => {
  const t = useT(chargersText);
  const tc = useT(commonText);
  const { control, handleSubmit } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: charger
      ? { ...charger, connectorTypes: charger.connectorTypes as FormValues['connectorTypes'] }
      : { chargerId: '', name: '', kind: 'smart', model: '', serialNumber: '', connectorTypes: ['J1772'], maxPowerKw: 7.2, ocppPassword: '' },
  });
  const mutation = useSaveCharger();
  const save = (values: z.output<typeof formSchema>) =>
    mutation.mutate(
      { ...values, existing: charger, locationId },
      {
        onSuccess: ({ saved, created }) => {
          notifySuccess(t(charger ? 'toast.saved' : 'toast.registered', { name: saved.name }));
          if (created) onCreated?.(created);
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="charger-form-title">
      <form noValidate onSubmit={handleSubmit(save)}>
        <DialogTitle id="charger-form-title">{charger ? t('form.editTitle', { name: charger.name }) : t('form.addTitle')}</DialogTitle>
        <DialogContent>
          <Field control={control} name="chargerId" label={t('form.chargerId')} disabled={Boolean(charger)} autoFocus={!charger} />
          <Field control={control} name="name" label={t('form.name')} autoFocus={Boolean(charger)} />
          <Field control={control} name="kind" label={t('form.kind')} select>
            {CHARGER_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {kind.toUpperCase()}
              </MenuItem>
            ))}
          </Field>
          <Field control={control} name="model" label={t('form.model')} />
          <Field control={control} name="serialNumber" label={t('form.serialNumber')} />
          <Field control={control} name="connectorTypes" label={t('form.connectorTypes')} select multiple>
            {CONNECTOR_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </Field>
          <Field control={control} name="maxPowerKw" label={t('form.maxPower')} type="number" />
          {charger ? null : <Field control={control} name="ocppPassword" label={t('form.ocppPassword')} type="password" />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tc('cancel')}</Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {charger ? t('form.save') : t('form.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
