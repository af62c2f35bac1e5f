import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCan } from '../../../lib/can.tsx';
import { useChargerOptions } from '../../../lib/queries/chargers.ts';
import { useLocationTimeZone } from '../../../lib/queries/locations.ts';
import { useDownloadQuickReport } from '../api/manufacturing-api.ts';
import { ChargerPhotoPanel } from './charger-photo-panel.tsx';
import { TestHistoryTable } from './test-history-table.tsx';
import { TestingDataImportDialog } from './testing-data-import-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

/**
 * Manufacturing data of the selected location (on the firmware screen, where manufacturers work): a charger's
 * end-of-line test history and photo, the testing-data import and, for roles without the dashboard, the quick report.
 */
export const ManufacturingSection = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const t = useT(firmwareText);
  const chargers = useChargerOptions(locationId);
  const timeZone = useLocationTimeZone(locationId);
  const quickReport = useDownloadQuickReport();
  const [importing, setImporting] = useState(false);
  const [chosenId, setChosenId] = useState('');
  const items = chargers.data?.items ?? [];
  const charger = items.find((candidate) => candidate.id === chosenId) ?? items[0];
  return (
    <section aria-labelledby="manufacturing-title">
      <Stack direction="row" sx={{ mt: 4, mb: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id="manufacturing-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('manufacturing.title')}
        </Typography>
        {can('Quick_Report') && !can('Dashboard') ? (
          <Button variant="outlined" loading={quickReport.isPending} onClick={() => quickReport.mutate(locationId)}>
            {t('manufacturing.quickReport')}
          </Button>
        ) : null}
        {can('Testing_Data_Import') ? (
          <Button variant="contained" onClick={() => setImporting(true)}>
            {t('manufacturing.import')}
          </Button>
        ) : null}
      </Stack>
      {chargers.isPending ? <LinearProgress aria-label={t('manufacturing.loading')} /> : null}
      {chargers.isError ? (
        <Alert severity="error">
          {t('manufacturing.error')} {chargers.error.message}
        </Alert>
      ) : null}
      {chargers.data && !items.length ? <Typography color="text.secondary">{t('manufacturing.empty')}</Typography> : null}
      {charger ? (
        <>
          <TextField
            select
            label={t('manufacturing.charger')}
            value={charger.id}
            onChange={(event) => setChosenId(event.target.value)}
            sx={{ minWidth: 280, mb: 2 }}
            size="small"
          >
            {items.map((candidate) => (
              <MenuItem key={candidate.id} value={candidate.id}>
                {candidate.name} · {candidate.serialNumber || candidate.chargerId}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
            <ChargerPhotoPanel key={charger.id} chargerId={charger.id} chargerName={charger.name} canUpload={can('Charger_Photo')} />
            <Box>{can('Testing_Data') ? <TestHistoryTable chargerId={charger.id} chargerName={charger.name} timeZone={timeZone} /> : null}</Box>
          </Box>
        </>
      ) : null}
      {importing ? <TestingDataImportDialog onClose={() => setImporting(false)} /> : null}
    </section>
  );
};
