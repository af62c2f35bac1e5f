import { clientErrorMessages, failureMessages } from '@wattdesk/shared/messages';
import { validateNewPassword, validateRetypedPassword } from '@wattdesk/shared/validation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useLightForm } from '../../lib/use-light-form.ts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { messageOf } from '../../lib/api-error.ts';
import { notifyError } from '../../lib/notify.tsx';
import { resetPassword } from './api/auth-api.ts';
import { TextInput } from '../../components/form/text-input.tsx';

const BackToSignIn = () => (
  <Button component={RouterLink} to="/" variant="contained" fullWidth sx={{ mt: 2 }}>
    Back to sign in
  </Button>
);

/**
 * An invitation's link carries `invite=1` (staff) or `invite=driver`: the same form, worded for a first password. A
 * driver cannot sign in here (the dashboard is for hosts and staff), so the driver's page says where the account works.
 */
const TEXTS = {
  reset: {
    title: 'Reset Password',
    intro: 'Choose a new password of at least 8 characters with a number, an upper case and a lower case letter and a special character.',
    button: 'Reset Password',
    doneTitle: 'Password reset',
    done: 'Your password has been reset. You can now sign in with your new password.',
  },
  invite: {
    title: 'Welcome to Wattdesk',
    intro:
      'Choose a password to activate your account: at least 8 characters with a number, an upper case and a lower case letter and a special character.',
    button: 'Set Password',
    doneTitle: 'Account activated',
    done: 'Your password is set and your account is active. You can now sign in.',
  },
  driver: {
    title: 'Welcome to Wattdesk',
    intro:
      'Choose a password to activate your driver account: at least 8 characters with a number, an upper case and a lower case letter and a special character.',
    button: 'Set Password',
    doneTitle: 'Account activated',
    done: 'Your password is set and your account is active. Sign in with it in the Wattdesk mobile app to start charging and see your sessions; your charging card works at the chargers as before. This website is for charger hosts and their staff.',
  },
} as const;

const textFor = (invite: string | null) => (invite === 'driver' ? TEXTS.driver : invite === '1' ? TEXTS.invite : TEXTS.reset);

/** /reset-password?token=…: new password twice, then a success view (spec section 2). */
export const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invite = params.get('invite');
  const text = textFor(invite);
  const { field, handleSubmit } = useLightForm(
    { password: '', retyped: '' },
    { password: validateNewPassword, retyped: (value, values) => validateRetypedPassword(values.password, value) },
  );
  const mutation = useMutation({
    mutationFn: resetPassword,
    meta: { errorHandled: true },
    onError: (error) => notifyError(messageOf(error, failureMessages.resetPassword)),
  });

  if (!token) {
    return (
      <AuthLayout title={text.title}>
        <Alert severity="error">{clientErrorMessages.tokenNotFound}</Alert>
        <BackToSignIn />
      </AuthLayout>
    );
  }
  if (mutation.isSuccess) {
    return (
      <AuthLayout title={text.doneTitle}>
        <Alert severity="success">{text.done}</Alert>
        {invite === 'driver' ? null : <BackToSignIn />}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={text.title}>
      <Typography variant="body2" color="text.secondary">
        {text.intro}
      </Typography>
      <form noValidate onSubmit={handleSubmit(({ password }) => mutation.mutate({ token, password }))}>
        <TextInput label="New password" type="password" autoComplete="new-password" autoFocus {...field('password')} />
        <TextInput label="Re-type new password" type="password" autoComplete="new-password" {...field('retyped')} />
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} loading={mutation.isPending}>
          {text.button}
        </Button>
      </form>
    </AuthLayout>
  );
};
