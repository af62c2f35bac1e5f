import { formatCount } from '@wattdesk/shared/format';
import type { MaintenanceResult } from '@wattdesk/shared/schemas/charging';
import BuildIcon from '@mui/icons-material/Build';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import EvStationIcon from '@mui/icons-material/EvStation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useChargerOptions } from '../../../lib/queries/chargers.ts';
import { useSetMaintenance } from '../api/maintenance-api.ts';
import { ChargerPickerTable } from './charger-picker-table.tsx';
import { PendingNote } from './pending-note.tsx';
import { Section } from './section.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { maintenanceText } from '../maintenance-text.ts';

type Change = 'start' | 'end' | null;

/** The location's chargers to choose from, and the two changes with a confirmation each. */
export const MaintenanceSelection = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const t = useT(maintenanceText);
  const chargers = useChargerOptions(locationId, { errorHandled: true });
  const mutation = useSetMaintenance(locationId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState<Change>(null);
  const [result, setResult] = useState<MaintenanceResult | null>(null);
  const items = chargers.data?.items ?? [];
  const chosen = items.filter((charger) => selected.has(charger.id));
  const offline = chosen.filter((charger) => !charger.connected);
  const canUpdate = can('Maintenance_Update');

  const apply = () => {
    if (!confirming) return;
    mutation.mutate(
      { chargerIds: chosen.map((charger) => charger.id), inMaintenance: confirming === 'start' },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setSelected(new Set());
        },
        onSettled: () => setConfirming(null),
      },
    );
  };

  const actions = canUpdate ? (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {t('selection.selected', { count: chosen.length })}
      </Typography>
      <Button variant="contained" color="warning" startIcon={<BuildIcon />} disabled={!chosen.length} onClick={() => setConfirming('start')}>
        {t('selection.start')}
      </Button>
      <Button variant="outlined" startIcon={<CheckCircleIcon />} disabled={!chosen.length} onClick={() => setConfirming('end')}>
        {t('selection.end')}
      </Button>
    </Box>
  ) : null;

  return (
    <>
      {result ? <PendingNote result={result} onDismiss={() => setResult(null)} /> : null}
      <Section title={t('section.chargers')} actions={actions}>
        {chargers.isPending ? (
          <LinearProgress aria-label={t('selection.loading')} />
        ) : chargers.isError && !chargers.data ? (
          <Alert severity="error">
            {t('selection.error')} {chargers.error.message}
          </Alert>
        ) : !items.length ? (
          <EmptyState icon={<EvStationIcon />} title={t('selection.emptyTitle')}>
            {t('selection.emptyBody')}
          </EmptyState>
        ) : (
          <>
            <ChargerPickerTable chargers={items} selected={selected} onChange={setSelected} disabled={!canUpdate || mutation.isPending} />
            {chargers.data && chargers.data.total > items.length ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('selection.showing', { shown: formatCount(items.length), total: formatCount(chargers.data.total) })}
              </Typography>
            ) : null}
          </>
        )}
      </Section>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'start' ? t('confirm.startTitle', { count: chosen.length }) : t('confirm.endTitle', { count: chosen.length })}
        confirmLabel={confirming === 'start' ? t('selection.start') : t('selection.end')}
        isDestructive={confirming === 'start'}
        isBusy={mutation.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={apply}
      >
        {confirming === 'start' ? t('confirm.startText') : t('confirm.endText')}{' '}
        {t('confirm.chosen', { ids: chosen.map((charger) => charger.chargerId).join(', ') })}
        {offline.length ? ` ${t('confirm.offline', { count: offline.length, ids: offline.map((charger) => charger.chargerId).join(', ') })}` : ''}
      </ConfirmDialog>
    </>
  );
};
