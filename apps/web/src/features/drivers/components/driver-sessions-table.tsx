import type { GridColDef } from '@mui/x-data-grid';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { DriverSession } from '@wattdesk/shared/schemas/drivers';
import { ServerDataGrid } from '../../../components/data-grid/server-data-grid.tsx';
import { formatKwh } from '../../../lib/charging-format.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { useDriverSessions } from '../api/drivers-api.ts';

// A driver charges across locations: the viewer's zone, labelled.
const when = (value: string | null) => formatDateTime(value);

const columns: GridColDef<DriverSession>[] = [
  { field: 'startedAt', headerName: 'Started', width: 180, valueFormatter: (value: string) => when(value) },
  { field: 'stoppedAt', headerName: 'Stopped', width: 180, valueFormatter: (value: string | null) => when(value) },
  { field: 'locationName', headerName: 'Location', flex: 1, minWidth: 150 },
  { field: 'chargerName', headerName: 'Charger', width: 120 },
  { field: 'idTag', headerName: 'ID tag', width: 140 },
  { field: 'energyKwh', headerName: 'Energy', width: 120, type: 'number', valueFormatter: (value: number) => formatKwh(value) },
  {
    field: 'cost',
    headerName: 'Cost',
    width: 110,
    type: 'number',
    valueFormatter: (value: DriverSession['cost']) => (value ? formatMinor(value.amountMinor, value.currency) : '—'),
  },
  { field: 'stopReason', headerName: 'Stop reason', width: 130, valueFormatter: (value: string | null) => value ?? 'running' },
];

const driverColumn: GridColDef<DriverSession> = {
  field: 'driverName',
  headerName: 'Driver',
  width: 160,
  valueFormatter: (value: string | null) => value ?? '—',
};

/** The driver's sessions across the network, newest first; a main user's include its sub-users' (who charged is shown). */
export const DriverSessionsTable = ({ driverId, withSubUsers = false }: { driverId: string; withSubUsers?: boolean }) => {
  const table = useServerTable({ pageSize: 10 });
  const sessions = useDriverSessions(driverId, table.params);
  return (
    <ServerDataGrid
      label="Sessions of the driver"
      rows={sessions.data?.items ?? []}
      columns={withSubUsers ? [driverColumn, ...columns] : columns}
      total={sessions.data?.total ?? 0}
      isLoading={sessions.isFetching}
      {...table.grid}
      noRowsLabel="This driver has not charged yet"
    />
  );
};
