import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { changePasswordBodySchema, type Account } from '@wattdesk/shared/schemas/account';
import { validateRetypedPassword } from '@wattdesk/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/account-api.ts';
import { FormTextField } from './form-text-field.tsx';
import { StrengthMeter } from './strength-meter.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';

const formSchema = changePasswordBodySchema.extend({ retypedPassword: changePasswordBodySchema.shape.currentPassword }).superRefine((values, ctx) => {
  const problem = validateRetypedPassword(values.newPassword, values.retypedPassword);
  if (problem) ctx.addIssue({ code: 'custom', path: ['retypedPassword'], message: problem });
});
type PasswordFormValues = { currentPassword: string; newPassword: string; retypedPassword: string };

/** Current password, a new one under the spec's rule and strong enough; the other devices are signed out. */
export const PasswordForm = ({ account }: { account: Account }) => {
  const change = useChangePassword();
  const t = useT(accountText);
  const { control, handleSubmit, reset, watch } = useForm<PasswordFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', retypedPassword: '' },
  });
  const newPassword = watch('newPassword');
  const submit = handleSubmit(({ currentPassword, newPassword: next }) =>
    change.mutate({ currentPassword, newPassword: next }, { onSuccess: () => reset() }),
  );
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
      {change.error ? (
        <Alert severity="error">
          {(change.error instanceof ApiError ? change.error.messages : [change.error.message]).map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      ) : null}
      <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
      <FormTextField control={control} name="currentPassword" label={t('password.current')} type="password" autoComplete="current-password" />
      <FormTextField control={control} name="newPassword" label={t('password.new')} type="password" autoComplete="new-password" />
      <StrengthMeter password={newPassword} userInputs={[account.email, account.firstName, account.lastName, 'wattdesk']} />
      <FormTextField control={control} name="retypedPassword" label={t('password.retype')} type="password" autoComplete="new-password" />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={change.isPending}>
        {t('password.change')}
      </Button>
    </Box>
  );
};
