import { failureMessages, successMessages } from '@wattdesk/shared/messages';
import { landingPathFor } from '@wattdesk/shared/role-permissions';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { messageOf } from '../../lib/api-error.ts';
import { lazyScreen } from '../../lib/lazy-with-timeout.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { notifyError, notifySuccess } from '../../lib/notify.tsx';
import { useSession } from '../../lib/session-store.ts';
import { getAuthenticationMethod, login } from './api/auth-api.ts';
import { EmailStep } from './components/email-step.tsx';
import { PasswordStep } from './components/password-step.tsx';
import { deviceId } from './device-id.ts';
import { startSingleSignOn } from './single-sign-on.ts';

// The popup (and MUI's Dialog) loads when first opened, keeping the sign-in page small.
const ForgotPasswordDialog = lazyScreen(() => import('./components/forgot-password-dialog.tsx'), 'ForgotPasswordDialog');

type Step = { name: 'email' } | { name: 'password'; email: string };

/** Spec section 2: e-mail first, then the password when the account signs in with one. */
export const LoginPage = () => {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [lastEmail, setLastEmail] = useState('');
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const appConfig = useAppConfig();
  const websiteUrl = appConfig?.websiteUrl;

  const methodMutation = useMutation({
    mutationFn: getAuthenticationMethod,
    onSuccess: async ({ authenticationMethod }, email) => {
      setLastEmail(email);
      if (authenticationMethod === 'password') setStep({ name: 'password', email });
      else await startSingleSignOn(authenticationMethod, email, appConfig?.sso);
    },
  });

  const loginMutation = useMutation({
    mutationFn: login,
    meta: { errorHandled: true },
    onSuccess: (user) => {
      signIn(user);
      notifySuccess(successMessages.login);
      void navigate(landingPathFor(user.userType), { replace: true });
    },
    onError: (error) => notifyError(messageOf(error, failureMessages.login)),
  });

  return (
    <AuthLayout
      title="Sign in"
      footer={
        <Link href={websiteUrl ?? '/'} variant="body2">
          Back to Website
        </Link>
      }
    >
      {step.name === 'email' ? (
        <EmailStep defaultEmail={lastEmail} isBusy={methodMutation.isPending} onNext={(email) => methodMutation.mutate(email)} />
      ) : (
        <>
          <PasswordStep
            email={step.email}
            isBusy={loginMutation.isPending}
            onSignIn={(password) => loginMutation.mutate({ email: step.email, password, deviceId: deviceId() })}
            onForgotPassword={() => setIsForgotOpen(true)}
            onBack={() => setStep({ name: 'email' })}
          />
          {isForgotOpen ? (
            <Suspense fallback={null}>
              <ForgotPasswordDialog isOpen defaultEmail={step.email} onClose={() => setIsForgotOpen(false)} />
            </Suspense>
          ) : null}
        </>
      )}
    </AuthLayout>
  );
};
