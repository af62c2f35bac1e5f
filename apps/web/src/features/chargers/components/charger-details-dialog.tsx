import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useLocationTimeZone } from '../../../lib/queries/locations.ts';
import { useCharger } from '../api/chargers-api.ts';
import { chargersText } from '../chargers-text.ts';
import { ChargerLog } from './charger-log.tsx';
import { ChargerOverview } from './charger-overview.tsx';
import { DeviceModel } from './device-model.tsx';
import { LastCommandStatus } from './last-command-status.tsx';

/** The device model tab exists for OCPP 2.0.1 chargers only. */
type ChargerTab = 'overview' | 'log' | 'device-model';

/**
 * One charger: what it reports now and its remote actions, and its log. The screen that opens it follows
 * the live feed, which refetches this charger when it reports.
 */
export const ChargerDetailsDialog = ({ chargerId, onClose }: { chargerId: string; onClose: () => void }) => {
  const t = useT(chargersText);
  const tc = useT(commonText);
  const charger = useCharger(chargerId);
  const timeZone = useLocationTimeZone(charger.data?.locationId);
  const [tab, setTab] = useState<ChargerTab>('overview');
  const title = charger.data ? `${charger.data.name} (${charger.data.chargerId})` : t('details.title');

  return (
    <Dialog open onClose={onClose} aria-labelledby="charger-details-title" slotProps={{ paper: { sx: { width: 820 } } }}>
      <DialogTitle id="charger-details-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('details.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={tab} onChange={(_event, next: ChargerTab) => setTab(next)} aria-label={t('details.tabs')}>
          <Tab value="overview" label={t('details.overview')} id="charger-tab-overview" aria-controls="charger-panel-overview" autoFocus />
          <Tab value="log" label={t('details.log')} id="charger-tab-log" aria-controls="charger-panel-log" />
          {charger.data?.ocppVersion === '2.0.1' ? (
            <Tab value="device-model" label={t('details.deviceModel')} id="charger-tab-device-model" aria-controls="charger-panel-device-model" />
          ) : null}
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 320 }}>
        <LastCommandStatus chargerId={chargerId} />
        {charger.isPending ? (
          <PageLoader label={t('details.loading')} />
        ) : charger.isError && !charger.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void charger.refetch()}>
                {tc('retry')}
              </Button>
            }
          >
            {charger.error.message}
          </Alert>
        ) : (
          <Box role="tabpanel" id={`charger-panel-${tab}`} aria-labelledby={`charger-tab-${tab}`}>
            {tab === 'overview' ? (
              <ChargerOverview charger={charger.data} timeZone={timeZone} />
            ) : tab === 'log' ? (
              <ChargerLog chargerId={chargerId} timeZone={timeZone} />
            ) : (
              <DeviceModel chargerId={chargerId} />
            )}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
};
