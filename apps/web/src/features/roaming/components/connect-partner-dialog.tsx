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

type FormInput = z.input<typeof connectRoamingPartnerBodySchema>;
type FormOutput = z.output<typeof connectRoamingPartnerBodySchema>;

const EMPTY: FormInput = { name: '', versionsUrl: '', token: '' };

/** Register with a partner: the server calls its versions URL with the token it gave us, while the dialog waits. */
export const ConnectPartnerDialog = ({ onClose }: { onClose: () => void }) => {
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
        <DialogTitle id="connect-partner-title">Connect to partner</DialogTitle>
        <DialogContent>
          <DialogContentText>The versions URL and the token the partner gave you. We register with it at once.</DialogContentText>
          {connect.error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {connect.error.message}
            </Alert>
          ) : null}
          <TextField
            {...form.register('name')}
            label="Partner name"
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <TextField
            {...form.register('versionsUrl')}
            label="Versions URL"
            type="url"
            fullWidth
            margin="normal"
            error={Boolean(errors.versionsUrl)}
            helperText={errors.versionsUrl?.message}
          />
          <TextField
            {...form.register('token')}
            label="Token"
            fullWidth
            margin="normal"
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
            error={Boolean(errors.token)}
            helperText={errors.token?.message}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={connect.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={connect.isPending}>
            Connect
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
