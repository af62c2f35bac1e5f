import type { Charger, CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useCan } from '../../lib/can.tsx';
import { notifySuccess } from '../../lib/notify.tsx';
import { useChargers } from '../../lib/queries/chargers.ts';
import { useLocationState } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useT } from '../../i18n/use-t.ts';
import { useDeleteCharger } from './api/chargers-api.ts';
import { chargersText } from './chargers-text.ts';
import { assetColumns, type AssetAction } from './components/asset-columns.tsx';
import { BatchImportDialog } from './components/batch-import-dialog.tsx';
import { ChargerDetailsDialog } from './components/charger-details-dialog.tsx';
import { ChargerFormDialog } from './components/charger-form-dialog.tsx';
import { MoveChargerDialog } from './components/move-charger-dialog.tsx';
import { NewCredentialsPanel } from './components/new-credentials-panel.tsx';

type Dialog = { kind: 'create' } | { kind: 'import' } | { kind: 'edit' | 'move' | 'delete' | 'manage'; charger: Charger } | null;
type NewCredentials = { chargers: CreatedCharger[]; isBatch: boolean } | null;

/** /dashboard/profile/assets: the charger registry of the selected location (or of all in reach). */
export const AssetsPage = () => {
  const t = useT(chargersText);
  const can = useCan();
  const navigate = useNavigate();
  const locationId = useSelectedLocation((state) => state.locationId);
  const selectLocation = useSelectedLocation((state) => state.select);
  const liveStatus = useLiveChargerFeed(locationId);
  const [credentials, setCredentials] = useState<NewCredentials>(null);
  const location = useLocationState(locationId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const table = useServerTable({ sort: 'name', resetOn: search });
  const chargers = useChargers({ locationId: locationId ?? undefined, search: search || undefined, ...table.params });
  const removal = useDeleteCharger();
  const remove = (charger: Charger) =>
    removal.mutate(charger, {
      onSuccess: () => notifySuccess(t('toast.deleted', { name: charger.name })),
      onSettled: () => setDialog(null),
    });
  const handleAction = (action: AssetAction, charger: Charger) => {
    if (action !== 'sessions') return setDialog({ kind: action, charger });
    selectLocation(charger.locationId);
    void navigate(`${paths.sessions}?chargerId=${encodeURIComponent(charger.id)}`);
  };
  const columns = assetColumns({ t, can, showLocation: !locationId, onAction: handleAction });

  const headerActions = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <LiveIndicator status={liveStatus} />
      {locationId && can('Charger_Batch') ? (
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setDialog({ kind: 'import' })}>
          {t('button.import')}
        </Button>
      ) : null}
      {locationId && can('Chargers_Create') ? (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
          {t('button.add')}
        </Button>
      ) : null}
    </Box>
  );

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={location.data ? t('page.subtitle', { name: location.data.name, count: location.data.chargerCount }) : t('page.subtitleAll')}
        actions={headerActions}
      />
      {credentials ? (
        <NewCredentialsPanel chargers={credentials.chargers} isBatch={credentials.isBatch} onDismiss={() => setCredentials(null)} />
      ) : null}
      {chargers.isError && !chargers.data ? (
        <LoadErrorAlert subject={t('page.loadSubject')} error={chargers.error} onRetry={() => void chargers.refetch()} />
      ) : null}
      <Paper sx={{ p: 2 }}>
        <TextField
          label={t('page.search')}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          size="small"
          margin="none"
          sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
        />
        <ServerDataGrid
          label={t('grid.label')}
          rows={chargers.data?.items ?? []}
          total={chargers.data?.total ?? 0}
          columns={columns}
          isLoading={chargers.isFetching}
          {...table.grid}
          noRowsLabel={search ? t('grid.noMatch') : t('grid.empty')}
          disableVirtualization
          getRowHeight={() => 'auto'}
        />
      </Paper>
      {dialog?.kind === 'create' && locationId ? (
        <ChargerFormDialog
          locationId={locationId}
          onClose={() => setDialog(null)}
          onCreated={(created) => setCredentials({ chargers: [created], isBatch: false })}
        />
      ) : null}
      {dialog?.kind === 'manage' ? <ChargerDetailsDialog chargerId={dialog.charger.id} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? (
        <ChargerFormDialog locationId={dialog.charger.locationId} charger={dialog.charger} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'move' ? <MoveChargerDialog charger={dialog.charger} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' && locationId ? (
        <BatchImportDialog
          locationId={locationId}
          locationName={location.data?.name ?? t('page.thisLocation')}
          onClose={() => setDialog(null)}
          onImported={(imported) => setCredentials({ chargers: imported, isBatch: true })}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? t('delete.title', { name: dialog.charger.name }) : ''}
        confirmLabel={t('delete.confirm')}
        isDestructive
        isBusy={removal.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove(dialog.charger)}
        onClose={() => setDialog(null)}
      >
        {dialog?.kind === 'delete' ? t('delete.text', { chargerId: dialog.charger.chargerId, location: dialog.charger.locationName }) : null}
      </ConfirmDialog>
    </>
  );
};
