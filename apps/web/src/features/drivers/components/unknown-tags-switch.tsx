import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useCan } from '../../../lib/can.tsx';
import { useAccessSettings, useUpdateAccessSettings } from '../api/drivers-api.ts';

/** Free vend: whether the location's chargers accept ID tags no driver has (docs/charger-network.md). */
export const UnknownTagsSwitch = ({ locationId }: { locationId: string }) => {
  const settings = useAccessSettings(locationId);
  const update = useUpdateAccessSettings();
  const canChange = useCan()('Drivers_Update');
  if (!settings.data) return null;
  return (
    <Tooltip title="When on, chargers here also start sessions for ID tags no driver has (free vend). When off, those tags are refused as Invalid.">
      <FormControlLabel
        control={
          <Switch
            checked={settings.data.acceptUnknownTags}
            disabled={!canChange || update.isPending}
            onChange={(event) => update.mutate({ locationId, acceptUnknownTags: event.target.checked })}
          />
        }
        label="Accept unknown tags"
      />
    </Tooltip>
  );
};
