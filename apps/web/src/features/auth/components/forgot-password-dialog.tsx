import { failureMessages, successMessages } from '@wattdesk/shared/messages';
import { validateForgotPasswordEmail } from '@wattdesk/shared/validation';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useLightForm } from '../../../lib/use-light-form.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { sendResetLink } from '../api/auth-api.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { signInStepsText } from '../sign-in-steps-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { commonText } from '../../../components/common-text.ts';

type ForgotPasswordDialogProps = { isOpen: boolean; defaultEmail: string; onClose: () => void };

export const ForgotPasswordDialog = ({ isOpen, defaultEmail, onClose }: ForgotPasswordDialogProps) => {
  const t = useT(signInStepsText);
  const common = useT(commonText);
  const sentence = useSentence();
  const { field, handleSubmit } = useLightForm({ email: defaultEmail }, { email: validateForgotPasswordEmail });
  const email = field('email');
  const mutation = useMutation({
    mutationFn: sendResetLink,
    meta: { errorMessage: sentence(failureMessages.sendResetLink) },
    onSuccess: () => {
      notifySuccess(sentence(successMessages.resetLinkSent));
      handleClose();
    },
  });
  const handleClose = () => onClose();
  return (
    <Dialog open={isOpen} onClose={handleClose} aria-labelledby="forgot-password-title">
      <form noValidate onSubmit={handleSubmit(({ email }) => mutation.mutate(email.trim()))}>
        <DialogTitle id="forgot-password-title">{t('forgotPassword')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('forgot.body')}</DialogContentText>
          <TextInput label={t('email')} type="email" autoFocus {...email} error={email.error && sentence(email.error)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose}>{common('cancel')}</Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {t('forgot.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
