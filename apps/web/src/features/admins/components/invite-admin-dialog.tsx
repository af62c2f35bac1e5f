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

type FormInput = z.input<typeof inviteAdminBodySchema>;
type FormOutput = z.output<typeof inviteAdminBodySchema>;

const EMPTY: FormInput = { email: '', firstName: '', lastName: '', userType: '' as UserType, locationIds: [] };

/** Invite by e-mail with a type and locations; the server mails a link to choose a password. */
export const InviteAdminDialog = ({ open, types, onClose }: { open: boolean; types: readonly UserType[]; onClose: () => void }) => {
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(inviteAdminBodySchema), defaultValues: EMPTY });
  const [chosen, setChosen] = useState<LocationOption[]>([]);
  const invite = useInviteAdmin();
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
        if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') form.setError('email', { message: error.message });
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
        <DialogTitle id="invite-admin-title">Invite administrator</DialogTitle>
        <DialogContent>
          {serverError ? <Alert severity="error">{serverError}</Alert> : null}
          <TextField
            {...form.register('email')}
            label="Email"
            type="email"
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...form.register('firstName')}
              label="First name"
              fullWidth
              margin="normal"
              error={Boolean(errors.firstName)}
              helperText={errors.firstName?.message}
            />
            <TextField
              {...form.register('lastName')}
              label="Last name"
              fullWidth
              margin="normal"
              error={Boolean(errors.lastName)}
              helperText={errors.lastName?.message}
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
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
