import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { clientErrorMessages } from '@wattdesk/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { messageOf } from '../../lib/api-error.ts';
import { confirmEmailChange } from './api/auth-api.ts';
import { useT } from '../../i18n/use-t.ts';
import { signInStepsText } from './sign-in-steps-text.ts';
import { useSentence } from '../../i18n/sentences.ts';

const BackToSignIn = () => {
  const t = useT(signInStepsText);
  return (
    <Button component={RouterLink} to="/" variant="contained" fullWidth sx={{ mt: 2 }}>
      {t('backToSignIn')}
    </Button>
  );
};

/**
 * /confirm-email?token=…: the link sent to a new e-mail address. The change needs a click, not just the
 * visit, because mail scanners open links on their own and would spend it.
 */
export const ConfirmEmailPage = () => {
  const t = useT(signInStepsText);
  const sentence = useSentence();
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useMutation({ mutationFn: confirmEmailChange, meta: { errorHandled: true } });
  if (!token) {
    return (
      <AuthLayout title={t('confirmEmail.title')}>
        <Alert severity="error">{sentence(clientErrorMessages.tokenNotFound)}</Alert>
        <BackToSignIn />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('confirmEmail.title')}>
      {confirm.isSuccess ? (
        <Alert severity="success">{confirm.data.msg[0]}</Alert>
      ) : (
        <>
          <Typography variant="body2">{t('confirmEmail.question')}</Typography>
          {confirm.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {messageOf(confirm.error, t('confirmEmail.failed'))}
            </Alert>
          ) : null}
          <Button variant="contained" fullWidth sx={{ mt: 2 }} loading={confirm.isPending} onClick={() => confirm.mutate(token)}>
            {t('confirmEmail.confirm')}
          </Button>
        </>
      )}
      <BackToSignIn />
    </AuthLayout>
  );
};
