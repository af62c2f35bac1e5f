import { validateLoginPassword } from '@wattdesk/shared/validation';
import { LinkButton, PlainButton } from '../../../components/plain/plain-button.tsx';
import { useLightForm } from '../../../lib/use-light-form.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { loginText } from '../login-text.ts';

type PasswordStepProps = {
  email: string;
  isBusy: boolean;
  onSignIn: (password: string) => void;
  onForgotPassword: () => void;
  onBack: () => void;
};

export const PasswordStep = ({ email, isBusy, onSignIn, onForgotPassword, onBack }: PasswordStepProps) => {
  const t = useT(loginText);
  const { field, handleSubmit } = useLightForm({ password: '' }, { password: validateLoginPassword });
  return (
    <form noValidate onSubmit={handleSubmit(({ password }) => onSignIn(password))}>
      <p className="wd-muted" data-testid="signin-email">
        {email}
      </p>
      {/* Lets password managers pair the password with the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextInput label={t('password')} type="password" autoComplete="current-password" autoFocus {...field('password')} />
      <div className="wd-row-end">
        <LinkButton onClick={onForgotPassword}>{t('forgotPassword')}</LinkButton>
      </div>
      <PlainButton isBusy={isBusy}>{t('signIn')}</PlainButton>
      <div className="wd-center">
        <LinkButton onClick={onBack}>{t('backToSignIn')}</LinkButton>
      </div>
    </form>
  );
};
