import type { Agreement, AgreementViewStatus } from '@wattdesk/shared/schemas/agreements';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useCan } from '../../../lib/can.tsx';
import { formatDate } from '../../../lib/format-time.ts';

const STATUS_COLOR: Record<AgreementViewStatus, 'info' | 'success' | 'default'> = { sent: 'info', signed: 'success', expired: 'default' };

export type SortField = 'createdAt' | 'expiresAt' | 'signerName' | 'accountName';

type Props = {
  items: Agreement[];
  sort: string;
  onSort: (field: SortField) => void;
  onResend: (agreement: Agreement) => void;
  onDownload: (agreement: Agreement) => void;
  /** The location's: a date is its calendar day. */
  timeZone: string | undefined;
};

export const AgreementsTable = ({ items, sort, onSort, onResend, onDownload, timeZone }: Props) => {
  const can = useCan();
  const day = (iso: string | null) => formatDate(iso, timeZone);
  const header = (field: SortField, label: string) => (
    <TableSortLabel active={sort.replace('-', '') === field} direction={sort.startsWith('-') ? 'desc' : 'asc'} onClick={() => onSort(field)}>
      {label}
    </TableSortLabel>
  );
  return (
    <ScrollingTable size="small" aria-label="Agreements">
      <TableHead>
        <TableRow>
          <TableCell>{header('accountName', 'Account')}</TableCell>
          <TableCell>Property</TableCell>
          <TableCell>{header('signerName', 'Signer')}</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>{header('createdAt', 'Sent')}</TableCell>
          <TableCell>{header('expiresAt', 'Expires')}</TableCell>
          <TableCell>Signed</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((agreement) => (
          <TableRow key={agreement.id} hover>
            <TableCell>{agreement.accountName}</TableCell>
            <TableCell>{agreement.propertyName}</TableCell>
            <TableCell>
              {agreement.signerName}
              <Typography variant="caption" color="text.secondary" component="div">
                {agreement.signerEmail}
              </Typography>
            </TableCell>
            <TableCell>
              <Chip size="small" color={STATUS_COLOR[agreement.status]} label={agreement.status} />
            </TableCell>
            <TableCell>
              {day(agreement.sentAt)}
              {agreement.sendCount > 1 ? ` (${agreement.sendCount}×)` : ''}
            </TableCell>
            <TableCell>{day(agreement.expiresAt)}</TableCell>
            <TableCell>{day(agreement.signedAt)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {agreement.status === 'signed' ? (
                <Button size="small" onClick={() => onDownload(agreement)}>
                  Download
                </Button>
              ) : can('Agreements_Send') ? (
                <Button size="small" onClick={() => onResend(agreement)}>
                  Resend
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
};
