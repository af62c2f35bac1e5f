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
import { useT } from '../../i18n/use-t.ts';
import { signInStepsText } from './sign-in-steps-text.ts';
import { useSentence } from '../../i18n/sentences.ts';
import type { SignInStepsKey } from './sign-in-steps-text.ts';

const BackToSignIn = () => {
  const t = useT(signInStepsText);
  return (
    <Button component={RouterLink} to="/" variant="contained" fullWidth sx={{ mt: 2 }}>
      {t('backToSignIn')}
    </Button>
  );
};

/**
 * An invitation's link carries `invite=1` (staff) or `invite=driver`: the same form, worded for a first password. A
 * driver cannot sign in here (the dashboard is for hosts and staff), so the driver's page says where the account works.
 */
const TEXTS = {
  reset: { title: 'reset.title', intro: 'reset.intro', button: 'reset.title', doneTitle: 'reset.doneTitle', done: 'reset.done' },
  invite: { title: 'invite.title', intro: 'invite.intro', button: 'invite.button', doneTitle: 'invite.doneTitle', done: 'invite.done' },
  driver: { title: 'invite.title', intro: 'driver.intro', button: 'invite.button', doneTitle: 'invite.doneTitle', done: 'driver.done' },
} as const satisfies Record<string, Record<string, SignInStepsKey>>;

const textFor = (invite: string | null) => (invite === 'driver' ? TEXTS.driver : invite === '1' ? TEXTS.invite : TEXTS.reset);

/** /reset-password?token=…: new password twice, then a success view (spec section 2). */
export const ResetPasswordPage = () => {
  const t = useT(signInStepsText);
  const sentence = useSentence();
  const [params] = useSearchParams();
  const token = params.get('token');
  const invite = params.get('invite');
  const keys = textFor(invite);
  const text = { title: t(keys.title), intro: t(keys.intro), button: t(keys.button), doneTitle: t(keys.doneTitle), done: t(keys.done) };
  const { field, handleSubmit } = useLightForm(
    { password: '', retyped: '' },
    { password: validateNewPassword, retyped: (value, values) => validateRetypedPassword(values.password, value) },
  );
  const password = field('password');
  const retyped = field('retyped');
  const mutation = useMutation({
    mutationFn: resetPassword,
    meta: { errorHandled: true },
    onError: (error) => notifyError(messageOf(error, sentence(failureMessages.resetPassword))),
  });

  if (!token) {
    return (
      <AuthLayout title={text.title}>
        <Alert severity="error">{sentence(clientErrorMessages.tokenNotFound)}</Alert>
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
        <TextInput
          label={t('newPassword')}
          type="password"
          autoComplete="new-password"
          autoFocus
          {...password}
          error={password.error && sentence(password.error)}
        />
        <TextInput
          label={t('retypePassword')}
          type="password"
          autoComplete="new-password"
          {...retyped}
          error={retyped.error && sentence(retyped.error)}
        />
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} loading={mutation.isPending}>
          {text.button}
        </Button>
      </form>
    </AuthLayout>
  );
};
