import type { GridColDef } from '@mui/x-data-grid';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { SessionPayment } from '@wattdesk/shared/schemas/driver-payments';
import { ServerDataGrid } from './data-grid/server-data-grid.tsx';
import { formatDateTime } from '../lib/format-time.ts';
import type { ServerTable } from '../lib/use-server-table.ts';
import { PaymentStatusChip } from './payment-status-chip.tsx';

/** Each payment's time is its location's (a driver charges across zones): formatted with the zone's label. */
type Row = SessionPayment & { id: string };

const baseColumns: GridColDef<Row>[] = [
  {
    field: 'createdAt',
    headerName: 'Date',
    width: 190,
    valueFormatter: (value: string, row) => formatDateTime(value, row.timeZone),
  },
  { field: 'locationName', headerName: 'Location', flex: 1, minWidth: 150 },
  {
    field: 'amountMinor',
    headerName: 'Amount',
    width: 110,
    type: 'number',
    valueFormatter: (value: number, row) => formatMinor(value, row.currency),
  },
  { field: 'status', headerName: 'Status', width: 120, renderCell: ({ row }) => <PaymentStatusChip status={row.status} /> },
  {
    field: 'lastError',
    headerName: 'Why not paid',
    flex: 1,
    minWidth: 160,
    valueFormatter: (value: string | null, row) => (row.status === 'paid' || row.status === 'refunded' ? '' : (value ?? '')),
  },
  { field: 'providerPaymentId', headerName: 'Provider reference', width: 180, valueFormatter: (value: string | null) => value ?? '—' },
];

const driverColumn: GridColDef<Row> = { field: 'driverName', headerName: 'Driver', width: 160 };

/** A page of session payments from the server (the driver's history, or a location's unpaid sessions). */
export const SessionPaymentsTable = ({
  label,
  rows,
  total,
  isLoading,
  table,
  withDriver = false,
  noRowsLabel,
}: {
  label: string;
  rows: SessionPayment[];
  total: number;
  isLoading: boolean;
  table: ServerTable<{ page: number; pageSize: number }>;
  withDriver?: boolean;
  noRowsLabel: string;
}) => (
  <ServerDataGrid
    label={label}
    rows={rows.map((row) => ({ ...row, id: row.sessionId }))}
    columns={withDriver ? [driverColumn, ...baseColumns] : baseColumns}
    total={total}
    isLoading={isLoading}
    {...table.grid}
    noRowsLabel={noRowsLabel}
  />
);
