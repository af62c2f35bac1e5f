import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import type { UserType } from '@wattdesk/shared/roles';
import { inviteAdminBodySchema } from '@wattdesk/shared/schemas/admins';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { LocationOption } from '../../../components/form/location-picker.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useInviteAdmin } from '../api/admins-api.ts';
import { AdminAccessFields } from './admin-access-fields.tsx';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { adminsText } from '../admins-text.ts';

type FormInput = z.input<typeof inviteAdminBodySchema>;
type FormOutput = z.output<typeof inviteAdminBodySchema>;

const EMPTY: FormInput = { email: '', firstName: '', lastName: '', userType: '' as UserType, locationIds: [] };

/** Invite by e-mail with a type and locations; the server mails a link to choose a password. */
export const InviteAdminDialog = ({ open, types, onClose }: { open: boolean; types: readonly UserType[]; onClose: () => void }) => {
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(inviteAdminBodySchema), defaultValues: EMPTY });
  const [chosen, setChosen] = useState<LocationOption[]>([]);
  const invite = useInviteAdmin();
  const t = useT(adminsText);
  const common = useT(commonText);
  const sentence = useSentence();
  // The schema's messages are shared sentences; the server's refusal (EMAIL_TAKEN) comes translated already.
  const messageOf = (name: 'email' | 'firstName' | 'lastName') => {
    const error = errors[name];
    return error?.message && (error.type === 'server' ? error.message : sentence(error.message));
  };
  const { errors } = form.formState;

  const close = () => {
    form.reset(EMPTY);
    setChosen([]);
    invite.reset();
    onClose();
  };
  const submit = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: close,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') form.setError('email', { type: 'server', message: error.message });
      },
    }),
  );
  const serverError = invite.error instanceof ApiError && invite.error.code !== 'EMAIL_TAKEN' ? invite.error.message : undefined;

  return (
    <Dialog
      open={open}
      onClose={invite.isPending ? undefined : close}
      aria-labelledby="invite-admin-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="invite-admin-title">{t('invite.title')}</DialogTitle>
        <DialogContent>
          {serverError ? <Alert severity="error">{serverError}</Alert> : null}
          <TextField
            {...form.register('email')}
            label={t('invite.email')}
            type="email"
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(errors.email)}
            helperText={messageOf('email')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...form.register('firstName')}
              label={t('invite.firstName')}
              fullWidth
              margin="normal"
              error={Boolean(errors.firstName)}
              helperText={messageOf('firstName')}
            />
            <TextField
              {...form.register('lastName')}
              label={t('invite.lastName')}
              fullWidth
              margin="normal"
              error={Boolean(errors.lastName)}
              helperText={messageOf('lastName')}
            />
          </Stack>
          <Controller
            control={form.control}
            name="userType"
            render={({ field }) => (
              <AdminAccessFields
                types={types}
                userType={field.value}
                onUserTypeChange={field.onChange}
                locations={chosen}
                onLocationsChange={(next) => {
                  setChosen(next);
                  form.setValue(
                    'locationIds',
                    next.map((location) => location.id),
                    { shouldValidate: form.formState.isSubmitted },
                  );
                }}
                errors={{ userType: errors.userType?.message, locationIds: errors.locationIds?.message }}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={invite.isPending}>
            {common('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            {t('invite.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
