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
import { inviteRoamingPartnerBodySchema } from '@wattdesk/shared/schemas/roaming';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CopyField } from '../../../components/copy-field.tsx';
import { useInviteRoamingPartner, type InvitedRoamingPartner } from '../api/partners-api.ts';

type FormInput = z.input<typeof inviteRoamingPartnerBodySchema>;
type FormOutput = z.output<typeof inviteRoamingPartnerBodySchema>;

/** The token A the partner registers with: the server keeps only its hash, so this is the one time it is seen. */
const RegistrationToken = ({ invited }: { invited: InvitedRoamingPartner }) => (
  <>
    <Alert severity="warning" sx={{ mb: 1 }}>
      Copy the token now: it is shown only this once. If it is lost, remove {invited.partner.name} and invite it again.
    </Alert>
    <DialogContentText sx={{ mb: 1 }}>
      Give {invited.partner.name} both values. It registers with them and the partner shows as connected.
    </DialogContentText>
    <CopyField label="Versions URL" value={invited.versionsUrl} fullWidth />
    <CopyField label="Registration token" value={invited.registrationToken} fullWidth />
  </>
);

/** Invite a partner by name; the answer is its one-time registration token and our versions URL. */
export const InvitePartnerDialog = ({ onClose }: { onClose: () => void }) => {
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(inviteRoamingPartnerBodySchema), defaultValues: { name: '' } });
  const invite = useInviteRoamingPartner();
  const invited = invite.data;
  const submit = form.handleSubmit((body) => invite.mutate(body));
  const nameError = form.formState.errors.name?.message;

  return (
    <Dialog
      open
      onClose={invite.isPending ? undefined : onClose}
      aria-labelledby="invite-partner-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="invite-partner-title">{invited ? `${invited.partner.name} invited` : 'Invite partner'}</DialogTitle>
        <DialogContent>
          {invited ? (
            <RegistrationToken invited={invited} />
          ) : (
            <>
              <DialogContentText>We issue a one-time registration token (OCPI token A) for the partner to register with.</DialogContentText>
              {invite.error ? <Alert severity="error">{invite.error.message}</Alert> : null}
              <TextField
                {...form.register('name')}
                label="Partner name"
                fullWidth
                margin="normal"
                autoFocus
                error={Boolean(nameError)}
                helperText={nameError}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {invited ? (
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={invite.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={invite.isPending}>
                Create token
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};
