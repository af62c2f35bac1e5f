import type { TransferListResponse } from '@wattdesk/shared/schemas/payouts';
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
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

const STATUS_COLOURS = { pending: 'default', in_transit: 'info', paid: 'success', failed: 'error' } as const;

type Props = { data: TransferListResponse; onPage: (page: number, pageSize: number) => void };

/** Payouts and transfers of the location, newest first, paged on the server; times on the location's clock. */
export const TransfersTable = ({ data, onPage }: Props) => {
  const t = useT(payoutsText);
  if (data.total === 0) return <EmptyState title={t('transfers.emptyTitle')}>{t('transfers.emptyText')}</EmptyState>;
  return (
    <>
      <ScrollingTable size="small" aria-label={t('transfers.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('transfers.date', { timeZone: data.timeZone })}</TableCell>
            <TableCell>{t('transfers.period')}</TableCell>
            <TableCell align="right">{t('transfers.amount')}</TableCell>
            <TableCell>{t('transfers.status')}</TableCell>
            <TableCell>{t('transfers.paidTo')}</TableCell>
            <TableCell>{t('transfers.details')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.items.map((transfer) => (
            <TableRow key={transfer.id}>
              <TableCell>{formatDateTime(transfer.createdAt, data.timeZone)}</TableCell>
              <TableCell>
                {t('transfers.periodRange', {
                  from: transfer.periodFrom ? formatDate(transfer.periodFrom, data.timeZone) : t('transfers.periodStart'),
                  to: formatDate(transfer.periodTo, data.timeZone),
                })}
              </TableCell>
              <TableCell align="right">{formatMinor(transfer.amount, transfer.currency)}</TableCell>
              <TableCell>
                <Chip size="small" label={t(`status.${transfer.status}`)} color={STATUS_COLOURS[transfer.status]} />
              </TableCell>
              <TableCell>
                {transfer.destinationBank
                  ? t('transfers.toBank', { bank: transfer.destinationBank, destination: transfer.destination })
                  : t('transfers.toStripe', { destination: transfer.destination })}
              </TableCell>
              <TableCell>
                {transfer.failureReason ??
                  (transfer.trigger === 'schedule'
                    ? t('transfers.scheduled')
                    : t('transfers.requestedBy', { email: transfer.requestedByEmail ?? t('transfers.someone') }))}
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
