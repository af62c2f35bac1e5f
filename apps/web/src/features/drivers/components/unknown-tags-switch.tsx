import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { useAccessSettings, useUpdateAccessSettings } from '../api/drivers-api.ts';
import { driversText } from '../drivers-text.ts';

/** Free vend: whether the location's chargers accept ID tags no driver has (docs/charger-network.md). */
export const UnknownTagsSwitch = ({ locationId }: { locationId: string }) => {
  const t = useT(driversText);
  const settings = useAccessSettings(locationId);
  const update = useUpdateAccessSettings();
  const canChange = useCan()('Drivers_Update');
  if (!settings.data) return null;
  return (
    <Tooltip title={t('unknownTags.tooltip')}>
      <FormControlLabel
        control={
          <Switch
            checked={settings.data.acceptUnknownTags}
            disabled={!canChange || update.isPending}
            onChange={(event) => update.mutate({ locationId, acceptUnknownTags: event.target.checked })}
          />
        }
        label={t('unknownTags.label')}
      />
    </Tooltip>
  );
};
