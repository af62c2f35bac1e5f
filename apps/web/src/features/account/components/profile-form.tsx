import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { updateProfileBodySchema, type Account, type UpdateProfileBody } from '@wattdesk/shared/schemas/account';
import { useForm } from 'react-hook-form';
import { useUpdateProfile } from '../api/account-api.ts';
import { FormTextField } from './form-text-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';

/** First and last name (alphabetic, required) and phone, checked with the server's schema. */
export const ProfileForm = ({ account, isReadOnly }: { account: Account; isReadOnly: boolean }) => {
  const update = useUpdateProfile();
  const t = useT(accountText);
  const { control, handleSubmit } = useForm<UpdateProfileBody>({
    resolver: zodResolver(updateProfileBodySchema),
    values: { firstName: account.firstName, lastName: account.lastName, phoneNumber: account.phoneNumber ?? '' },
  });
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((body) => update.mutate(body))} sx={{ maxWidth: 560 }}>
      {update.error ? <Alert severity="error">{update.error.message}</Alert> : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        <FormTextField control={control} name="firstName" label={t('profile.firstName')} autoComplete="given-name" />
        <FormTextField control={control} name="lastName" label={t('profile.lastName')} autoComplete="family-name" />
      </Box>
      <FormTextField control={control} name="phoneNumber" label={t('profile.phone')} type="tel" autoComplete="tel" />
      {isReadOnly ? null : (
        <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={update.isPending}>
          {t('profile.save')}
        </Button>
      )}
    </Box>
  );
};
