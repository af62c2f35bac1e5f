import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LocationState } from '@wattdesk/shared/schemas/locations';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useSetLocationRoaming } from '../api/locations-api.ts';
import { locationsText } from '../locations-text.ts';

/** Whether roaming partners (OCPI) see the location; turning it off is asked first, as their drivers lose it. */
export const RoamingPublishSwitch = ({ location }: { location: LocationState }) => {
  const t = useT(locationsText);
  const [isConfirming, setIsConfirming] = useState(false);
  const mutation = useSetLocationRoaming();
  const isPublished = location.publishToRoaming ?? false;
  const publish = (publishToRoaming: boolean) =>
    mutation.mutate(
      { locationId: location.locationId, publishToRoaming },
      {
        onSuccess: () => notifySuccess(t(publishToRoaming ? 'toast.published' : 'toast.withdrawn', { name: location.name })),
        onSettled: () => setIsConfirming(false),
      },
    );

  return (
    <Box sx={{ mt: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={isPublished}
            disabled={mutation.isPending}
            onChange={(event) => (event.target.checked ? publish(true) : setIsConfirming(true))}
          />
        }
        label={t('roaming.label')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('roaming.hint')}
      </Typography>
      <ConfirmDialog
        open={isConfirming}
        title={t('roaming.stopTitle')}
        confirmLabel={t('roaming.stopConfirm')}
        isDestructive
        isBusy={mutation.isPending}
        onConfirm={() => publish(false)}
        onClose={() => setIsConfirming(false)}
      >
        {t('roaming.stopText', { name: location.name })}
      </ConfirmDialog>
    </Box>
  );
};
