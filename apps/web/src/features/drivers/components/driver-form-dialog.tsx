import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { registerDriverBodySchema, type Driver, type RegisterDriverBody, type RegisterDriverInput } from '@wattdesk/shared/schemas/drivers';
import { useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDrivers, useRegisterDriver, useUpdateDriver } from '../api/drivers-api.ts';
import { driversText } from '../drivers-text.ts';
import { IdTagFields } from './id-tag-fields.tsx';

/** `mainUser`: a new sub-user of this main user (its family or fleet account). */
type DriverFormDialogProps = { locationId: string; driver?: Driver | undefined; mainUser?: Driver | undefined; onClose: () => void };

const valuesOf = (locationId: string, driver?: Driver, mainUser?: Driver): RegisterDriverInput => ({
  locationId,
  email: driver?.email ?? '',
  firstName: driver?.firstName ?? '',
  lastName: driver?.lastName ?? '',
  phoneNumber: driver?.phoneNumber ?? '',
  role: driver?.role ?? (mainUser ? 'sub-user' : 'user'),
  mainDriverId: driver?.mainDriver?.id ?? mainUser?.id ?? null,
  idTags: driver?.idTags.map(({ tag, kind }) => ({ tag, kind })) ?? [],
});

/** Main users a sub-user may charge on: drivers of the location with the role user. */
const MainUserSelect = ({
  locationId,
  value,
  exclude,
  error,
  onChange,
}: {
  locationId: string;
  value: string | null;
  exclude?: string | undefined;
  error?: string | undefined;
  onChange: (id: string | null) => void;
}) => {
  const t = useT(driversText);
  const mains = useDrivers({ locationId, role: 'user', page: 1, pageSize: 200, sort: 'name' });
  const options = (mains.data?.items ?? []).filter((driver) => driver.id !== exclude);
  return (
    <TextField
      select
      label={t('form.mainUser')}
      fullWidth
      margin="normal"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      error={Boolean(error)}
      helperText={error ?? t('form.mainUserHelp')}
    >
      {options.length === 0 ? (
        <MenuItem disabled value="">
          {t('form.noMainUser')}
        </MenuItem>
      ) : null}
      {options.map((driver) => (
        <MenuItem key={driver.id} value={driver.id}>
          {driver.firstName} {driver.lastName} ({driver.email})
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Register a driver (register-user: an invitation e-mail follows) or edit one. */
export const DriverFormDialog = ({ locationId, driver, mainUser, onClose }: DriverFormDialogProps) => {
  const t = useT(driversText);
  const form = useForm<RegisterDriverInput, unknown, RegisterDriverBody>({
    resolver: zodResolver(registerDriverBodySchema),
    defaultValues: valuesOf(locationId, driver, mainUser),
  });
  const register = useRegisterDriver();
  const update = useUpdateDriver();
  const mutation = driver ? update : register;
  const { errors } = form.formState;
  const role = form.watch('role');

  const fieldError = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.code === 'EMAIL_TAKEN') form.setError('email', { message: error.message });
    if (error.code === 'DRIVER_MAIN_INVALID') form.setError('mainDriverId', { message: error.message });
    if (error.code === 'ID_TAG_TAKEN') form.setError('idTags', { message: error.message });
  };
  const submit = form.handleSubmit((body) => {
    const { locationId: _location, email: _email, ...changes } = body;
    if (driver) update.mutate({ id: driver.id, body: changes }, { onSuccess: onClose, onError: fieldError });
    else register.mutate(body, { onSuccess: onClose, onError: fieldError });
  });
  const handled = ['EMAIL_TAKEN', 'DRIVER_MAIN_INVALID', 'ID_TAG_TAKEN'];
  const serverError = mutation.error instanceof ApiError && !handled.includes(mutation.error.code ?? '') ? mutation.error.message : undefined;

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby="driver-form-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="driver-form-title">
          {driver
            ? t('form.titleEdit', { name: `${driver.firstName} ${driver.lastName}` })
            : mainUser
              ? t('form.titleSubUser', { name: `${mainUser.firstName} ${mainUser.lastName}` })
              : t('form.titleRegister')}
        </DialogTitle>
        <DialogContent>
          {serverError ? <Alert severity="error">{serverError}</Alert> : null}
          <TextField
            {...form.register('email')}
            label={t('form.email')}
            type="email"
            fullWidth
            margin="normal"
            autoFocus={!driver}
            disabled={Boolean(driver)}
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? (driver ? undefined : t('form.emailHelp'))}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...form.register('firstName')}
              label={t('form.firstName')}
              fullWidth
              margin="normal"
              autoFocus={Boolean(driver)}
              error={Boolean(errors.firstName)}
              helperText={errors.firstName?.message}
            />
            <TextField
              {...form.register('lastName')}
              label={t('form.lastName')}
              fullWidth
              margin="normal"
              error={Boolean(errors.lastName)}
              helperText={errors.lastName?.message}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              {...form.register('phoneNumber')}
              label={t('form.phone')}
              type="tel"
              fullWidth
              margin="normal"
              error={Boolean(errors.phoneNumber)}
              helperText={errors.phoneNumber?.message}
            />
            <TextField
              select
              label={t('form.role')}
              fullWidth
              margin="normal"
              value={role ?? 'user'}
              onChange={(event) => form.setValue('role', event.target.value as 'user' | 'sub-user')}
            >
              <MenuItem value="user">{t('role.user')}</MenuItem>
              <MenuItem value="sub-user">{t('role.sub-user')}</MenuItem>
            </TextField>
          </Stack>
          {role === 'sub-user' ? (
            <MainUserSelect
              locationId={locationId}
              value={form.watch('mainDriverId') ?? null}
              exclude={driver?.id}
              error={errors.mainDriverId?.message}
              onChange={(id) => form.setValue('mainDriverId', id, { shouldValidate: form.formState.isSubmitted })}
            />
          ) : null}
          <IdTagFields form={form} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {driver ? t('form.save') : t('form.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
