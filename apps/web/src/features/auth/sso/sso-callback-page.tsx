import { successMessages } from '@wattdesk/shared/messages';
import { landingPathFor } from '@wattdesk/shared/role-permissions';
import type { SsoProvider, SsoProviderConfig } from '@wattdesk/shared/schemas/sso';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { appConfigQuery } from '../../../lib/app-config.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useSession, type StoredSession } from '../../../lib/session-store.ts';
import { AuthErrorScreen } from './auth-error-screen.tsx';
import { describeSignInError, type SignInProblem } from './describe-sign-in-error.ts';
import { SignInError } from './sign-in-error.ts';
import { completeSignIn } from './sso-sign-in.ts';
import { useT } from '../../../i18n/use-t.ts';
import { signInStepsText } from '../sign-in-steps-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';

/**
 * One attempt per answer: a code can be redeemed once, and React may run an effect twice. The address
 * loses its code and state at once, so a reload shows the error screen instead of trying again.
 */
const attempts = new Map<string, Promise<StoredSession>>();
const completeOnce = (provider: SsoProvider, config: SsoProviderConfig, href: string) => {
  let attempt = attempts.get(href);
  if (!attempt) {
    attempt = completeSignIn(provider, config, href);
    attempts.set(href, attempt);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return attempt;
};

const useCompletedSignIn = (provider: SsoProvider): SignInProblem | null => {
  const [href] = useState(() => window.location.href);
  const t = useT(signInStepsText);
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const config = useQuery({ ...appConfigQuery, retry: 2 });
  const sentence = useSentence();
  const signIn = useSession((state) => state.signIn);
  const navigate = useNavigate();
  const settings = config.data?.sso[provider];

  useEffect(() => {
    if (!config.isSuccess || !settings) return;
    let isCurrent = true;
    completeOnce(provider, settings, href).then(
      (user) => {
        if (!isCurrent) return;
        signIn(user);
        notifySuccess(sentence(successMessages.login));
        void navigate(landingPathFor(user.userType), { replace: true });
      },
      (error: unknown) => isCurrent && setProblem(describeSignInError(error, t)),
    );
    return () => {
      isCurrent = false;
    };
  }, [config.isSuccess, settings, provider, href, signIn, navigate, t, sentence]);
  // Problems before the exchange (settings not loaded, route not configured) follow from the query itself.
  if (config.isError) return describeSignInError(config.error, t);
  if (config.isSuccess && !settings) return describeSignInError(new SignInError('not-configured'), t);
  return problem;
};

/** /login/callback and /login/customers/callback (spec section 2). */
const SsoCallbackPage = ({ provider }: { provider: SsoProvider }) => {
  const problem = useCompletedSignIn(provider);
  const t = useT(signInStepsText);
  if (problem) return <AuthErrorScreen problem={problem} />;
  return (
    <AuthLayout title={t('sso.signingIn')}>
      <PageLoader label={t('sso.signingIn')} />
    </AuthLayout>
  );
};

export default SsoCallbackPage;
