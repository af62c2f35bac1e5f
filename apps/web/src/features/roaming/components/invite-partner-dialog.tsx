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
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

type FormInput = z.input<typeof inviteRoamingPartnerBodySchema>;
type FormOutput = z.output<typeof inviteRoamingPartnerBodySchema>;

/** The token A the partner registers with: the server keeps only its hash, so this is the one time it is seen. */
const RegistrationToken = ({ invited }: { invited: InvitedRoamingPartner }) => {
  const t = useT(roamingText);
  return (
    <>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {t('invite.copyNow', { name: invited.partner.name })}
      </Alert>
      <DialogContentText sx={{ mb: 1 }}>{t('invite.giveBoth', { name: invited.partner.name })}</DialogContentText>
      <CopyField label={t('invite.versionsUrl')} value={invited.versionsUrl} fullWidth />
      <CopyField label={t('invite.token')} value={invited.registrationToken} fullWidth />
    </>
  );
};

/** Invite a partner by name; the answer is its one-time registration token and our versions URL. */
export const InvitePartnerDialog = ({ onClose }: { onClose: () => void }) => {
  const t = useT(roamingText);
  const tc = useT(commonText);
  const sentence = useSentence();
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
        <DialogTitle id="invite-partner-title">{invited ? t('invite.invited', { name: invited.partner.name }) : t('invite.title')}</DialogTitle>
        <DialogContent>
          {invited ? (
            <RegistrationToken invited={invited} />
          ) : (
            <>
              <DialogContentText>{t('invite.text')}</DialogContentText>
              {invite.error ? <Alert severity="error">{invite.error.message}</Alert> : null}
              <TextField
                {...form.register('name')}
                label={t('invite.name')}
                fullWidth
                margin="normal"
                autoFocus
                error={Boolean(nameError)}
                helperText={nameError === undefined ? undefined : sentence(nameError)}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {invited ? (
            <Button variant="contained" onClick={onClose}>
              {t('invite.done')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose} disabled={invite.isPending}>
                {tc('cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={invite.isPending}>
                {t('invite.create')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};
