import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { connectRoamingPartnerBodySchema } from '@wattdesk/shared/schemas/roaming';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useConnectRoamingPartner } from '../api/partners-api.ts';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

type FormInput = z.input<typeof connectRoamingPartnerBodySchema>;
type FormOutput = z.output<typeof connectRoamingPartnerBodySchema>;

const EMPTY: FormInput = { name: '', versionsUrl: '', token: '' };

/** Register with a partner: the server calls its versions URL with the token it gave us, while the dialog waits. */
export const ConnectPartnerDialog = ({ onClose }: { onClose: () => void }) => {
  const t = useT(roamingText);
  const tc = useT(commonText);
  const sentence = useSentence();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(connectRoamingPartnerBodySchema), defaultValues: EMPTY });
  const connect = useConnectRoamingPartner();
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => connect.mutate(body, { onSuccess: onClose }));

  return (
    <Dialog
      open
      onClose={connect.isPending ? undefined : onClose}
      aria-labelledby="connect-partner-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="connect-partner-title">{t('connect.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('connect.text')}</DialogContentText>
          {connect.error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {connect.error.message}
            </Alert>
          ) : null}
          <TextField
            {...form.register('name')}
            label={t('connect.name')}
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message === undefined ? undefined : sentence(errors.name.message)}
          />
          <TextField
            {...form.register('versionsUrl')}
            label={t('connect.versionsUrl')}
            type="url"
            fullWidth
            margin="normal"
            error={Boolean(errors.versionsUrl)}
            helperText={errors.versionsUrl?.message === undefined ? undefined : sentence(errors.versionsUrl.message)}
          />
          <TextField
            {...form.register('token')}
            label={t('connect.token')}
            fullWidth
            margin="normal"
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
            error={Boolean(errors.token)}
            helperText={errors.token?.message === undefined ? undefined : sentence(errors.token.message)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={connect.isPending}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={connect.isPending}>
            {t('connect.connect')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
