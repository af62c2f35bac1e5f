import { validateLoginEmail } from '@wattdesk/shared/validation';
import { PlainButton } from '../../../components/plain/plain-button.tsx';
import { useLightForm } from '../../../lib/use-light-form.ts';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { loginText } from '../login-text.ts';

type EmailStepProps = { defaultEmail: string; isBusy: boolean; onNext: (email: string) => void };

export const EmailStep = ({ defaultEmail, isBusy, onNext }: EmailStepProps) => {
  const t = useT(loginText);
  const { field, handleSubmit } = useLightForm({ email: defaultEmail }, { email: validateLoginEmail });
  return (
    <form noValidate onSubmit={handleSubmit(({ email }) => onNext(email.trim()))}>
      <TextInput label={t('email')} type="email" autoComplete="username" autoFocus {...field('email')} />
      <PlainButton isBusy={isBusy}>{t('next')}</PlainButton>
    </form>
  );
};
