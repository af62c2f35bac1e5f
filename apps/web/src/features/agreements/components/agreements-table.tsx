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
import { useT } from '../../../i18n/use-t.ts';
import { agreementsText } from '../agreements-text.ts';

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
  const t = useT(agreementsText);
  const can = useCan();
  const day = (iso: string | null) => formatDate(iso, timeZone);
  const header = (field: SortField, label: string) => (
    <TableSortLabel active={sort.replace('-', '') === field} direction={sort.startsWith('-') ? 'desc' : 'asc'} onClick={() => onSort(field)}>
      {label}
    </TableSortLabel>
  );
  return (
    <ScrollingTable size="small" aria-label={t('table.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{header('accountName', t('column.account'))}</TableCell>
          <TableCell>{t('column.property')}</TableCell>
          <TableCell>{header('signerName', t('column.signer'))}</TableCell>
          <TableCell>{t('column.status')}</TableCell>
          <TableCell>{header('createdAt', t('column.sent'))}</TableCell>
          <TableCell>{header('expiresAt', t('column.expires'))}</TableCell>
          <TableCell>{t('column.signed')}</TableCell>
          <TableCell align="right">{t('column.actions')}</TableCell>
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
              <Chip size="small" color={STATUS_COLOR[agreement.status]} label={t(`status.${agreement.status}`)} />
            </TableCell>
            <TableCell>
              {day(agreement.sentAt)}
              {agreement.sendCount > 1 ? ` ${t('table.sendCount', { count: agreement.sendCount })}` : ''}
            </TableCell>
            <TableCell>{day(agreement.expiresAt)}</TableCell>
            <TableCell>{day(agreement.signedAt)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {agreement.status === 'signed' ? (
                <Button size="small" onClick={() => onDownload(agreement)}>
                  {t('table.download')}
                </Button>
              ) : can('Agreements_Send') ? (
                <Button size="small" onClick={() => onResend(agreement)}>
                  {t('table.resend')}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
};
