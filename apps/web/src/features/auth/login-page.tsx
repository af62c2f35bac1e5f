import { failureMessages, successMessages } from '@wattdesk/shared/messages';
import { landingPathFor } from '@wattdesk/shared/role-permissions';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { Themed } from '../../components/themed.tsx';
import { messageOf } from '../../lib/api-error.ts';
import { lazyScreen } from '../../lib/lazy-with-timeout.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { notifyError, notifySuccess } from '../../lib/notify.tsx';
import { useSession } from '../../lib/session-store.ts';
import type { SessionUser } from '@wattdesk/shared/schemas/auth';
import { getAuthenticationMethod, login } from './api/auth-api.ts';
import { EmailStep } from './components/email-step.tsx';
import { PasswordStep } from './components/password-step.tsx';
import { deviceId } from '../../lib/device-id.ts';
import { startSingleSignOn } from './single-sign-on.ts';
import { LanguageSelect } from '../../i18n/language-select.tsx';
import { useT } from '../../i18n/use-t.ts';
import { loginText } from './login-text.ts';

// The popup (and MUI's Dialog) loads when first opened, keeping the sign-in page small.
const ForgotPasswordDialog = lazyScreen(() => import('./components/forgot-password-dialog.tsx'), 'ForgotPasswordDialog');
// The code step of two-step sign-in loads when an account needs it: most sign-ins never do.
const SecondStep = lazyScreen(() => import('./components/second-step.tsx'), 'SecondStep');

type Step = { name: 'email' } | { name: 'password'; email: string } | { name: 'second'; email: string; challenge: string; mustEnrol: boolean };

/** Spec section 2: e-mail first, then the password when the account signs in with one. */
export const LoginPage = () => {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [lastEmail, setLastEmail] = useState('');
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  const t = useT(loginText);
  // The title's key, not its words: a change of language re-words it.
  const [title, setTitle] = useState<'title.signIn' | 'title.enrol' | 'title.secondStep' | { text: string }>('title.signIn');
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const appConfig = useAppConfig();
  const websiteUrl = appConfig?.websiteUrl;

  const methodMutation = useMutation({
    mutationFn: getAuthenticationMethod,
    onSuccess: async ({ authenticationMethod }, email) => {
      setLastEmail(email);
      if (authenticationMethod === 'password') setStep({ name: 'password', email });
      else await startSingleSignOn(authenticationMethod, email, appConfig?.sso, t);
    },
  });

  const finish = (user: SessionUser) => {
    signIn(user);
    notifySuccess(successMessages.login);
    void navigate(landingPathFor(user.userType), { replace: true });
  };

  const loginMutation = useMutation({
    mutationFn: login,
    meta: { errorHandled: true },
    onSuccess: (answer, { email }) => {
      if (!('mfaRequired' in answer)) return finish(answer);
      setTitle(answer.enrollmentRequired ? 'title.enrol' : 'title.secondStep');
      setStep({ name: 'second', email, challenge: answer.challenge, mustEnrol: answer.enrollmentRequired });
    },
    onError: (error) => notifyError(messageOf(error, failureMessages.login)),
  });

  const back = () => {
    setTitle('title.signIn');
    setStep({ name: 'email' });
  };

  return (
    <AuthLayout
      title={typeof title === 'string' ? t(title) : title.text}
      footer={
        <>
          <a className="wd-link" href={websiteUrl ?? '/'}>
            {t('backToWebsite')}
          </a>
          <div>
            <LanguageSelect label={t('language')} />
          </div>
        </>
      }
    >
      {step.name === 'second' ? (
        <Themed>
          <SecondStep
            challenge={step.challenge}
            mustEnrol={step.mustEnrol}
            onTitle={(text) => setTitle({ text })}
            onSignedIn={finish}
            onRestart={back}
          />
        </Themed>
      ) : null}
      {step.name === 'email' ? (
        <EmailStep defaultEmail={lastEmail} isBusy={methodMutation.isPending} onNext={(email) => methodMutation.mutate(email)} />
      ) : null}
      {step.name === 'password' ? (
        <>
          <PasswordStep
            email={step.email}
            isBusy={loginMutation.isPending}
            onSignIn={(password) => loginMutation.mutate({ email: step.email, password, deviceId: deviceId() })}
            onForgotPassword={() => setIsForgotOpen(true)}
            onBack={back}
          />
          {isForgotOpen ? (
            <Themed>
              <ForgotPasswordDialog isOpen defaultEmail={step.email} onClose={() => setIsForgotOpen(false)} />
            </Themed>
          ) : null}
        </>
      ) : null}
    </AuthLayout>
  );
};
