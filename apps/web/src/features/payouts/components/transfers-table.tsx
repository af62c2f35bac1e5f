import { TRANSFER_STATUS_LABELS, type TransferListResponse } from '@wattdesk/shared/schemas/payouts';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Chip from '@mui/material/Chip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-time.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

const STATUS_COLOURS = { pending: 'default', in_transit: 'info', paid: 'success', failed: 'error' } as const;

type Props = { data: TransferListResponse; onPage: (page: number, pageSize: number) => void };

/** Payouts and transfers of the location, newest first, paged on the server; times on the location's clock. */
export const TransfersTable = ({ data, onPage }: Props) => {
  if (data.total === 0) return <EmptyState title="No payouts yet">Transfers of this location&apos;s balance appear here.</EmptyState>;
  return (
    <>
      <ScrollingTable size="small" aria-label="Payouts">
        <TableHead>
          <TableRow>
            <TableCell>Date ({data.timeZone})</TableCell>
            <TableCell>Period</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Paid to</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.items.map((transfer) => (
            <TableRow key={transfer.id}>
              <TableCell>{formatDateTime(transfer.createdAt, data.timeZone)}</TableCell>
              <TableCell>
                {transfer.periodFrom ? formatDate(transfer.periodFrom, data.timeZone) : 'Start'} – {formatDate(transfer.periodTo, data.timeZone)}
              </TableCell>
              <TableCell align="right">{formatMinor(transfer.amount, transfer.currency)}</TableCell>
              <TableCell>
                <Chip size="small" label={TRANSFER_STATUS_LABELS[transfer.status]} color={STATUS_COLOURS[transfer.status]} />
              </TableCell>
              <TableCell>
                {transfer.destinationBank ? `${transfer.destinationBank} on ${transfer.destination}` : `Stripe account ${transfer.destination}`}
              </TableCell>
              <TableCell>
                {transfer.failureReason ??
                  (transfer.trigger === 'schedule' ? 'Scheduled payout' : `Requested by ${transfer.requestedByEmail ?? 'someone'}`)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollingTable>
      <TablePagination
        component="div"
        count={data.total}
        page={data.page - 1}
        rowsPerPage={data.pageSize}
        rowsPerPageOptions={[10, 25, 50]}
        onPageChange={(_event, page) => onPage(page + 1, data.pageSize)}
        onRowsPerPageChange={(event) => onPage(1, Number(event.target.value))}
      />
    </>
  );
};
