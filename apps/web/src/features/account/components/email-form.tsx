import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { changeEmailBodySchema, type Account, type ChangeEmailBody } from '@wattdesk/shared/schemas/account';
import { useForm } from 'react-hook-form';
import { useRequestEmailChange } from '../api/account-api.ts';
import { FormTextField } from './form-text-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';

/** A new address is confirmed by a link sent to it; the current one keeps working until then. */
export const EmailForm = ({ account }: { account: Account }) => {
  const request = useRequestEmailChange();
  const t = useT(accountText);
  const { control, handleSubmit, reset } = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { newEmail: '', password: '' },
  });
  if (account.authProvider !== 'password') {
    return <Typography variant="body2">{t('email.sso', { email: account.email })}</Typography>;
  }
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((body) => request.mutate(body, { onSuccess: () => reset() }))} sx={{ maxWidth: 560 }}>
      <Typography variant="body2">
        {t('email.current')} <strong>{account.email}</strong>
      </Typography>
      {account.pendingEmail ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('email.pending', { pending: account.pendingEmail, email: account.email })}
        </Alert>
      ) : null}
      {request.error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {request.error.message}
        </Alert>
      ) : null}
      <FormTextField control={control} name="newEmail" label={t('email.new')} type="email" autoComplete="email" />
      <FormTextField control={control} name="password" label={t('email.password')} type="password" autoComplete="current-password" />
      <Button type="submit" variant="outlined" sx={{ mt: 1 }} loading={request.isPending}>
        {t('email.send')}
      </Button>
    </Box>
  );
};
