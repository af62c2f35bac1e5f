import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { LocationState } from '@wattdesk/shared/schemas/locations';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useSetLocationRoaming } from '../api/locations-api.ts';

/** Whether roaming partners (OCPI) see the location; turning it off is asked first, as their drivers lose it. */
export const RoamingPublishSwitch = ({ location }: { location: LocationState }) => {
  const [isConfirming, setIsConfirming] = useState(false);
  const mutation = useSetLocationRoaming();
  const isPublished = location.publishToRoaming ?? false;
  const publish = (publishToRoaming: boolean) =>
    mutation.mutate(
      { locationId: location.locationId, publishToRoaming },
      {
        onSuccess: () =>
          notifySuccess(publishToRoaming ? `${location.name} published to roaming partners` : `${location.name} withdrawn from roaming partners`),
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
        label="Publish to roaming partners"
      />
      <Typography variant="body2" color="text.secondary">
        Drivers of connected e-mobility apps find this location and charge here.
      </Typography>
      <ConfirmDialog
        open={isConfirming}
        title="Stop publishing to roaming partners?"
        confirmLabel="Stop publishing"
        isDestructive
        isBusy={mutation.isPending}
        onConfirm={() => publish(false)}
        onClose={() => setIsConfirming(false)}
      >
        Roaming partners are told {location.name} is no longer available: their drivers stop finding it and cannot start charging here through their
        apps.
      </ConfirmDialog>
    </Box>
  );
};
