import { validateLoginEmail } from '@wattdesk/shared/validation';
import { PlainButton } from '../../../components/plain/plain-button.tsx';
import { useLightForm } from '../../../lib/use-light-form.ts';
import { TextInput } from '../../../components/form/text-input.tsx';

type EmailStepProps = { defaultEmail: string; isBusy: boolean; onNext: (email: string) => void };

export const EmailStep = ({ defaultEmail, isBusy, onNext }: EmailStepProps) => {
  const { field, handleSubmit } = useLightForm({ email: defaultEmail }, { email: validateLoginEmail });
  return (
    <form noValidate onSubmit={handleSubmit(({ email }) => onNext(email.trim()))}>
      <TextInput label="Email" type="email" autoComplete="username" autoFocus {...field('email')} />
      <PlainButton isBusy={isBusy}>Next</PlainButton>
    </form>
  );
};
