import type { SessionUser } from '@wattdesk/shared/schemas/auth';
import { failureMessages } from '@wattdesk/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { verifyLoginCode } from '../api/auth-api.ts';
import { CodeStep } from './code-step.tsx';
import { EnrolStep } from './enrol-step.tsx';
import { RecoveryCodesStep } from './recovery-codes-step.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { signInStepsText } from '../sign-in-steps-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';

type SecondStepProps = {
  challenge: string;
  /** The account must first set up an authenticator app (MFA_REQUIRED_FOR). */
  mustEnrol: boolean;
  onTitle: (title: string) => void;
  onSignedIn: (user: SessionUser) => void;
  onRestart: () => void;
};

/**
 * After a correct password, for accounts with two-step sign-in: the code (or a recovery code), or the
 * set-up of an authenticator app and then the recovery codes. Loaded only when an account needs it, so
 * the sign-in page stays small.
 */
export const SecondStep = ({ challenge, mustEnrol, onTitle, onSignedIn, onRestart }: SecondStepProps) => {
  const t = useT(signInStepsText);
  const sentence = useSentence();
  const [saved, setSaved] = useState<{ codes: string[]; user: SessionUser } | null>(null);
  const mutation = useMutation({
    mutationFn: verifyLoginCode,
    meta: { errorHandled: true },
    onSuccess: ({ recoveryCodes, ...user }) => {
      if (!recoveryCodes?.length) return onSignedIn(user);
      onTitle(t('recoveryCodes.title'));
      setSaved({ codes: recoveryCodes, user });
    },
    onError: (error) => {
      notifyError(messageOf(error, sentence(failureMessages.login)));
      // An expired challenge cannot be retried: back to the start.
      if (error instanceof ApiError && error.code === 'MFA_CHALLENGE_INVALID') onRestart();
    },
  });
  const verify = (code: string) => mutation.mutate({ challenge, code });
  if (saved) return <RecoveryCodesStep codes={saved.codes} email={saved.user.email} onContinue={() => onSignedIn(saved.user)} />;
  if (mustEnrol) return <EnrolStep challenge={challenge} isBusy={mutation.isPending} onVerify={verify} />;
  return <CodeStep isBusy={mutation.isPending} onVerify={verify} onBack={onRestart} />;
};
