import type { Charger, CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import AddIcon from '@mui/icons-material/Add';
import ListAltIcon from '@mui/icons-material/ListAlt';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { GridActionsCellItem, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ServerDataGrid, toSortParam } from '../../components/data-grid/server-data-grid.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useCan } from '../../lib/can.tsx';
import { notifySuccess } from '../../lib/notify.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { chargerQueries, deleteCharger, invalidateAfterChargerChange } from './api/chargers-api.ts';
import { locationQueries } from './api/locations-api.ts';
import { BatchImportDialog } from './components/batch-import-dialog.tsx';
import { ChargerDetailsDialog } from './components/charger-details-dialog.tsx';
import { ChargerFormDialog } from './components/charger-form-dialog.tsx';
import { liveColumns } from './components/charger-live-columns.tsx';
import { formatLastSeen, StatusChip } from './components/charger-status.tsx';
import { MoveChargerDialog } from './components/move-charger-dialog.tsx';
import { NewCredentialsPanel } from './components/new-credentials-panel.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';

type Dialog = { kind: 'create' } | { kind: 'import' } | { kind: 'edit' | 'move' | 'delete' | 'manage'; charger: Charger } | null;
type NewCredentials = { chargers: CreatedCharger[]; isBatch: boolean } | null;

const baseColumns: GridColDef<Charger>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 140 },
  { field: 'chargerId', headerName: 'Charger id', flex: 1, minWidth: 160 },
  { field: 'kind', headerName: 'Kind', width: 90, valueFormatter: (value: string) => value.toUpperCase() },
  { field: 'model', headerName: 'Model', flex: 1, minWidth: 140, sortable: false },
  { field: 'status', headerName: 'Status', width: 130, renderCell: ({ row }) => <StatusChip status={row.status} /> },
  { field: 'lastSeenAt', headerName: 'Last seen', width: 140, valueFormatter: (value: string | null) => formatLastSeen(value) },
  ...liveColumns,
];

/** /dashboard/profile/assets: the charger registry of the selected location (or of all in reach). */
export const AssetsPage = () => {
  const can = useCan();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const locationId = useSelectedLocation((state) => state.locationId);
  const selectLocation = useSelectedLocation((state) => state.select);
  const liveStatus = useLiveChargerFeed(locationId);
  const [credentials, setCredentials] = useState<NewCredentials>(null);
  const location = useQuery({ ...locationQueries.state(locationId ?? ''), enabled: Boolean(locationId) });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const sort = toSortParam(sortModel, 'name');
  const chargers = useQuery(
    chargerQueries.list({ locationId: locationId ?? undefined, search: search || undefined, page: pagination.page + 1, pageSize: pagination.pageSize, sort }),
  );
  const removal = useMutation({
    mutationFn: (charger: Charger) => deleteCharger(charger.id),
    onSuccess: async (_result, charger) => {
      await invalidateAfterChargerChange(queryClient);
      notifySuccess(`${charger.name} deleted`);
      setDialog(null);
    },
    onError: () => setDialog(null),
  });

  const actions: GridColDef<Charger> = {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 210,
    getActions: ({ row }) => [
      <GridActionsCellItem key="manage" icon={<TuneIcon />} label={`Manage ${row.name}`} onClick={() => setDialog({ kind: 'manage', charger: row })} />,
      ...(can('Charging_Sessions_View')
        ? [
            <GridActionsCellItem
              key="sessions"
              icon={<ListAltIcon />}
              label={`Sessions of ${row.name}`}
              onClick={() => {
                selectLocation(row.locationId);
                void navigate(`${paths.sessions}?chargerId=${encodeURIComponent(row.id)}`);
              }}
            />,
          ]
        : []),
      ...(can('Chargers_Update') ? [<GridActionsCellItem key="edit" icon={<EditIcon />} label={`Edit ${row.name}`} onClick={() => setDialog({ kind: 'edit', charger: row })} />] : []),
      ...(can('Chargers_Move') ? [<GridActionsCellItem key="move" icon={<DriveFileMoveIcon />} label={`Move ${row.name}`} onClick={() => setDialog({ kind: 'move', charger: row })} />] : []),
      ...(can('Chargers_Delete') ? [<GridActionsCellItem key="delete" icon={<DeleteIcon />} label={`Delete ${row.name}`} onClick={() => setDialog({ kind: 'delete', charger: row })} />] : []),
    ],
  };
  const locationColumn: GridColDef<Charger> = { field: 'locationName', headerName: 'Location', flex: 1, minWidth: 160, sortable: false };
  const columns = [...baseColumns.slice(0, 2), ...(locationId ? [] : [locationColumn]), ...baseColumns.slice(2), actions];

  const headerActions = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <LiveIndicator status={liveStatus} />
      {locationId && can('Charger_Batch') ? (
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setDialog({ kind: 'import' })}>
          Import CSV
        </Button>
      ) : null}
      {locationId && can('Chargers_Create') ? (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
          Add charger
        </Button>
      ) : null}
    </Box>
  );

  return (
    <>
      <PageHeader title="Assets" subtitle={location.data ? `${location.data.name} · ${location.data.chargerCount} chargers` : 'Chargers at every location in your reach'} actions={headerActions} />
      {credentials ? <NewCredentialsPanel chargers={credentials.chargers} isBatch={credentials.isBatch} onDismiss={() => setCredentials(null)} /> : null}
      {chargers.isError && !chargers.data ? (
        <LoadErrorAlert subject="The chargers" error={chargers.error} onRetry={() => void chargers.refetch()} />
      ) : null}
      <Paper sx={{ p: 2 }}>
        <TextField label="Search chargers" value={searchInput} onChange={(event) => setSearchInput(event.target.value)} size="small" margin="none" sx={{ mb: 2, width: { xs: '100%', sm: 320 } }} />
        <ServerDataGrid
          label="Chargers"
          rows={chargers.data?.items ?? []}
          total={chargers.data?.total ?? 0}
          columns={columns}
          isLoading={chargers.isFetching}
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          noRowsLabel={search ? 'No charger matches this search' : 'No chargers registered here yet'}
          disableVirtualization
          getRowHeight={() => 'auto'}
        />
      </Paper>
      {dialog?.kind === 'create' && locationId ? (
        <ChargerFormDialog locationId={locationId} onClose={() => setDialog(null)} onCreated={(created) => setCredentials({ chargers: [created], isBatch: false })} />
      ) : null}
      {dialog?.kind === 'manage' ? <ChargerDetailsDialog chargerId={dialog.charger.id} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <ChargerFormDialog locationId={dialog.charger.locationId} charger={dialog.charger} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'move' ? <MoveChargerDialog charger={dialog.charger} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' && locationId ? (
        <BatchImportDialog
          locationId={locationId}
          locationName={location.data?.name ?? 'this location'}
          onClose={() => setDialog(null)}
          onImported={(imported) => setCredentials({ chargers: imported, isBatch: true })}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete ${dialog.charger.name}?` : ''}
        confirmLabel="Delete"
        isDestructive
        isBusy={removal.isPending}
        onConfirm={() => dialog?.kind === 'delete' && removal.mutate(dialog.charger)}
        onClose={() => setDialog(null)}
      >
        {dialog?.kind === 'delete' ? `${dialog.charger.chargerId} will be removed from ${dialog.charger.locationName}. This cannot be undone.` : null}
      </ConfirmDialog>
    </>
  );
};
