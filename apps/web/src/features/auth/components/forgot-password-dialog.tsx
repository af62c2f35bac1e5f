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

type ForgotPasswordDialogProps = { isOpen: boolean; defaultEmail: string; onClose: () => void };

export const ForgotPasswordDialog = ({ isOpen, defaultEmail, onClose }: ForgotPasswordDialogProps) => {
  const { field, handleSubmit } = useLightForm({ email: defaultEmail }, { email: validateForgotPasswordEmail });
  const mutation = useMutation({
    mutationFn: sendResetLink,
    meta: { errorMessage: failureMessages.sendResetLink },
    onSuccess: () => {
      notifySuccess(successMessages.resetLinkSent);
      handleClose();
    },
  });
  const handleClose = () => onClose();
  return (
    <Dialog open={isOpen} onClose={handleClose} aria-labelledby="forgot-password-title">
      <form noValidate onSubmit={handleSubmit(({ email }) => mutation.mutate(email.trim()))}>
        <DialogTitle id="forgot-password-title">Forgot Password</DialogTitle>
        <DialogContent>
          <DialogContentText>Enter the e-mail of your account and we will send you a link to choose a new password.</DialogContentText>
          <TextInput label="Email" type="email" autoFocus {...field('email')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Send reset link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
