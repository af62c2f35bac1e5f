import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import type { CreateAgreementBody } from '@wattdesk/shared/schemas/agreements';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useCreateAgreement } from '../api/agreements-api.ts';
import { defaultExpiry, sendAgreementResolver, type SendAgreementValues } from './send-agreement-form.ts';

type Props = { locationId: string; locationName: string; onClose: () => void };

/** Create an agreement for the location and e-mail the signing link. Property and address default from the location. */
export const SendAgreementDialog = ({ locationId, locationName, onClose }: Props) => {
  const create = useCreateAgreement();
  const { register, handleSubmit, watch, formState } = useForm<SendAgreementValues, unknown, CreateAgreementBody>({
    resolver: sendAgreementResolver(locationId),
    defaultValues: {
      accountName: '',
      propertyName: '',
      useLocationAddress: true,
      street: '',
      city: '',
      state: '',
      zip: '',
      signerName: '',
      signerEmail: '',
      expiresOn: defaultExpiry(),
    },
  });
  const { errors } = formState;
  const field = (name: keyof SendAgreementValues, label: string, extra: Record<string, unknown> = {}) => ({
    ...register(name),
    label,
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
    fullWidth: true,
    margin: 'dense' as const,
    ...extra,
  });
  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (agreement) => {
        notifySuccess(`Agreement sent to ${agreement.signerEmail}`);
        onClose();
      },
    }),
  );

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="send-agreement-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="send-agreement-title">Send agreement</DialogTitle>
        <DialogContent>
          {create.isError ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {create.error.message}
            </Alert>
          ) : null}
          <TextField {...field('accountName', 'Account name', { autoFocus: true })} />
          <TextField {...field('propertyName', 'Property name', { placeholder: locationName, slotProps: { inputLabel: { shrink: true } } })} />
          <FormControlLabel control={<Checkbox defaultChecked {...register('useLocationAddress')} />} label="Use the location's address" />
          {watch('useLocationAddress') ? null : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr 1fr' }, columnGap: 1 }}>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <TextField {...field('street', 'Street')} />
              </Box>
              <TextField {...field('city', 'City')} />
              <TextField {...field('state', 'State')} />
              <TextField {...field('zip', 'Zip')} />
            </Box>
          )}
          <TextField {...field('signerName', 'Signer name')} />
          <TextField {...field('signerEmail', 'Signer email', { type: 'email' })} />
          <TextField {...field('expiresOn', 'Link expires on', { type: 'date', slotProps: { inputLabel: { shrink: true } } })} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Send
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
