import type { GridColDef } from '@mui/x-data-grid';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { SessionPayment } from '@wattdesk/shared/schemas/driver-payments';
import { ServerDataGrid } from './data-grid/server-data-grid.tsx';
import { formatDateTime } from '../lib/format-time.ts';
import type { ServerTable } from '../lib/use-server-table.ts';
import { PaymentStatusChip } from './payment-status-chip.tsx';
import { useT, type Translate } from '../i18n/use-t.ts';
import { partsText, type PartsKey } from './parts-text.ts';
import { useMemo } from 'react';

/** Each payment's time is its location's (a driver charges across zones): formatted with the zone's label. */
type Row = SessionPayment & { id: string };

const baseColumns = (t: Translate<PartsKey>): GridColDef<Row>[] => [
  {
    field: 'createdAt',
    headerName: t('payments.date'),
    width: 190,
    valueFormatter: (value: string, row) => formatDateTime(value, row.timeZone),
  },
  { field: 'locationName', headerName: t('payments.location'), flex: 1, minWidth: 150 },
  {
    field: 'amountMinor',
    headerName: t('payments.amount'),
    width: 110,
    type: 'number',
    valueFormatter: (value: number, row) => formatMinor(value, row.currency),
  },
  { field: 'status', headerName: t('payments.status'), width: 120, renderCell: ({ row }) => <PaymentStatusChip status={row.status} /> },
  {
    field: 'lastError',
    headerName: t('payments.whyNotPaid'),
    flex: 1,
    minWidth: 160,
    valueFormatter: (value: string | null, row) => (row.status === 'paid' || row.status === 'refunded' ? '' : (value ?? '')),
  },
  { field: 'providerPaymentId', headerName: t('payments.providerReference'), width: 180, valueFormatter: (value: string | null) => value ?? '—' },
];

const driverColumn = (t: Translate<PartsKey>): GridColDef<Row> => ({ field: 'driverName', headerName: t('payments.driver'), width: 160 });

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
}) => {
  const t = useT(partsText);
  const columns = useMemo(() => (withDriver ? [driverColumn(t), ...baseColumns(t)] : baseColumns(t)), [t, withDriver]);
  return (
    <ServerDataGrid
      label={label}
      rows={rows.map((row) => ({ ...row, id: row.sessionId }))}
      columns={columns}
      total={total}
      isLoading={isLoading}
      {...table.grid}
      noRowsLabel={noRowsLabel}
    />
  );
};
