import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { DriverSession } from '@wattdesk/shared/schemas/drivers';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid.tsx';
import { formatKwh } from '../../../lib/charging-format.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { useDriverSessions } from '../api/drivers-api.ts';
import { driversText, type DriversT } from '../drivers-text.ts';

// A driver charges across locations: the viewer's zone, labelled.
const when = (value: string | null) => formatDateTime(value);

const columnsOf = (t: DriversT): GridColDef<DriverSession>[] => [
  { field: 'startedAt', headerName: t('sessions.started'), width: 180, valueFormatter: (value: string) => when(value) },
  { field: 'stoppedAt', headerName: t('sessions.stopped'), width: 180, valueFormatter: (value: string | null) => when(value) },
  { field: 'locationName', headerName: t('sessions.location'), flex: 1, minWidth: 150 },
  { field: 'chargerName', headerName: t('sessions.charger'), width: 120 },
  { field: 'idTag', headerName: t('sessions.idTag'), width: 140 },
  { field: 'energyKwh', headerName: t('sessions.energy'), width: 120, type: 'number', valueFormatter: (value: number) => formatKwh(value) },
  {
    field: 'cost',
    headerName: t('sessions.cost'),
    width: 110,
    type: 'number',
    valueFormatter: (value: DriverSession['cost']) => (value ? formatMinor(value.amountMinor, value.currency) : '—'),
  },
  { field: 'stopReason', headerName: t('sessions.stopReason'), width: 130, valueFormatter: (value: string | null) => value ?? t('sessions.running') },
];

const driverColumnOf = (t: DriversT): GridColDef<DriverSession> => ({
  field: 'driverName',
  headerName: t('sessions.driver'),
  width: 160,
  valueFormatter: (value: string | null) => value ?? '—',
});

/** The driver's sessions across the network, newest first; a main user's include its sub-users' (who charged is shown). */
export const DriverSessionsTable = ({ driverId, withSubUsers = false }: { driverId: string; withSubUsers?: boolean }) => {
  const t = useT(driversText);
  const table = useServerTable({ pageSize: 10 });
  const sessions = useDriverSessions(driverId, table.params);
  // Rebuilt only when the language changes: the grid keeps its state across renders.
  const columns = useMemo(() => (withSubUsers ? [driverColumnOf(t), ...columnsOf(t)] : columnsOf(t)), [t, withSubUsers]);
  return (
    <ServerDataGrid
      label={t('sessions.label')}
      rows={sessions.data?.items ?? []}
      columns={columns}
      total={sessions.data?.total ?? 0}
      isLoading={sessions.isFetching}
      {...table.grid}
      noRowsLabel={t('sessions.empty')}
    />
  );
};
