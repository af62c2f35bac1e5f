import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { paths } from '../../../config/paths.ts';
import type { SignInProblem } from './describe-sign-in-error.ts';
import { useT } from '../../../i18n/use-t.ts';
import { signInStepsText } from '../sign-in-steps-text.ts';

/** Spec section 2: what went wrong with a single sign-on, in plain words, and the way back. Never automatic. */
export const AuthErrorScreen = ({ problem }: { problem: SignInProblem }) => {
  const t = useT(signInStepsText);
  return (
    <AuthLayout title={problem.title}>
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        {problem.detail}
      </Alert>
      <Button component={RouterLink} to={paths.login} replace variant="contained" fullWidth size="large">
        {t('backToSignIn')}
      </Button>
    </AuthLayout>
  );
};
