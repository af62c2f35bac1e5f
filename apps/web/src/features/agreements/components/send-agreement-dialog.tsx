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
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { agreementsText } from '../agreements-text.ts';

type Props = { locationId: string; locationName: string; onClose: () => void };

/** Create an agreement for the location and e-mail the signing link. Property and address default from the location. */
export const SendAgreementDialog = ({ locationId, locationName, onClose }: Props) => {
  const t = useT(agreementsText);
  const tc = useT(commonText);
  const sentence = useSentence();
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
  const messageOf = (name: keyof SendAgreementValues) => {
    const message = errors[name]?.message;
    return message === undefined ? undefined : sentence(message);
  };
  const field = (name: keyof SendAgreementValues, label: string, extra: Record<string, unknown> = {}) => ({
    ...register(name),
    label,
    error: Boolean(errors[name]),
    helperText: messageOf(name),
    fullWidth: true,
    margin: 'dense' as const,
    ...extra,
  });
  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (agreement) => {
        notifySuccess(t('send.sent', { email: agreement.signerEmail }));
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
        <DialogTitle id="send-agreement-title">{t('send.title')}</DialogTitle>
        <DialogContent>
          {create.isError ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {create.error.message}
            </Alert>
          ) : null}
          <TextField {...field('accountName', t('send.accountName'), { autoFocus: true })} />
          <TextField {...field('propertyName', t('send.propertyName'), { placeholder: locationName, slotProps: { inputLabel: { shrink: true } } })} />
          <FormControlLabel control={<Checkbox defaultChecked {...register('useLocationAddress')} />} label={t('send.useLocationAddress')} />
          {watch('useLocationAddress') ? null : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr 1fr' }, columnGap: 1 }}>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <TextField {...field('street', t('send.street'))} />
              </Box>
              <TextField {...field('city', t('send.city'))} />
              <TextField {...field('state', t('send.state'))} />
              <TextField {...field('zip', t('send.zip'))} />
            </Box>
          )}
          <TextField {...field('signerName', t('send.signerName'))} />
          <TextField {...field('signerEmail', t('send.signerEmail'), { type: 'email' })} />
          <TextField {...field('expiresOn', t('send.expiresOn'), { type: 'date', slotProps: { inputLabel: { shrink: true } } })} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('send.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
