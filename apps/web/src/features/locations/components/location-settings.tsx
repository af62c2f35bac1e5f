import type { LocationState } from '@wattdesk/shared/schemas/locations';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useDeleteLocation, useRegenerateAccessCode, useSetReseller } from '../api/locations-api.ts';
import { locationsText } from '../locations-text.ts';
import { RoamingPublishSwitch } from './roaming-publish-switch.tsx';

type Pending = 'code' | 'delete' | null;

/** Access code, reseller flag and deletion: each shown only to roles that may use it. */
export const LocationSettings = ({ location }: { location: LocationState }) => {
  const t = useT(locationsText);
  const can = useCan();
  const [pending, setPending] = useState<Pending>(null);
  const code = useRegenerateAccessCode();
  const regenerate = () =>
    code.mutate(location.locationId, {
      onSuccess: () => {
        setPending(null);
        notifySuccess(t('toast.codeRegenerated'));
      },
    });
  const reseller = useSetReseller();
  const handleResellerChange = (hasReseller: boolean) =>
    reseller.mutate({ locationIds: [location.locationId], hasReseller }, { onSuccess: () => notifySuccess(t('toast.resellerSaved')) });
  const removal = useDeleteLocation();
  const remove = () =>
    removal.mutate(location.locationId, {
      onSuccess: () => notifySuccess(t('toast.deleted', { name: location.name })),
      onSettled: () => setPending(null),
    });

  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('settings.access')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('settings.codeHint')}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontFamily: 'monospace', letterSpacing: 4, my: 1 }} data-testid="access-code">
        {location.locationCode}
      </Typography>
      {can('Locations_Access_Code_Update') ? (
        <Button variant="outlined" onClick={() => setPending('code')}>
          {t('settings.regenerate')}
        </Button>
      ) : null}
      {can('Locations_Reseller_Update') ? (
        <Box sx={{ mt: 2 }}>
          <FormControlLabel
            control={
              <Switch checked={location.hasReseller} disabled={reseller.isPending} onChange={(event) => handleResellerChange(event.target.checked)} />
            }
            label={t('settings.reseller')}
          />
        </Box>
      ) : null}
      {can('Roaming_Update') ? <RoamingPublishSwitch location={location} /> : null}
      {can('Locations_Delete') ? (
        <Box sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
          <Button color="error" variant="outlined" onClick={() => setPending('delete')}>
            {t('settings.delete')}
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={pending === 'code'}
        title={t('code.title')}
        confirmLabel={t('code.confirm')}
        isBusy={code.isPending}
        onConfirm={regenerate}
        onClose={() => setPending(null)}
      >
        {t('code.text', { code: location.locationCode })}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'delete'}
        title={t('delete.title', { name: location.name })}
        confirmLabel={t('delete.confirm')}
        isDestructive
        isBusy={removal.isPending}
        onConfirm={remove}
        onClose={() => setPending(null)}
      >
        {t('delete.text')}
      </ConfirmDialog>
    </Paper>
  );
};
