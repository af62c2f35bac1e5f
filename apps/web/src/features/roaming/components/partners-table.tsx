import Button from '@mui/material/Button';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@wattdesk/shared/format';
import type { RoamingPartner } from '@wattdesk/shared/schemas/roaming';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import { PartnerActionsMenu, type PartnerCommand } from './partner-actions-menu.tsx';
import { PartnerStatusChip } from './partner-status-chip.tsx';
import { moduleNamesOf, partyOf, pushSummaryOf } from './partner-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

type Props = {
  partners: readonly RoamingPartner[];
  /** Without it (no Roaming_Update) a row offers no actions. */
  onCommand?: ((partner: RoamingPartner, command: PartnerCommand) => void) | undefined;
  onOpen: (partner: RoamingPartner) => void;
};

/** Partners span every location: times are in the viewer's zone, labelled. */
export const PartnersTable = ({ partners, onCommand, onOpen }: Props) => {
  const t = useT(roamingText);
  return (
    <ScrollingTable aria-label={t('table.label')} size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('column.name')}</TableCell>
          <TableCell>{t('column.party')}</TableCell>
          <TableCell>{t('column.status')}</TableCell>
          <TableCell>{t('column.version')}</TableCell>
          <TableCell>{t('column.modules')}</TableCell>
          <TableCell>{t('column.lastExchange')}</TableCell>
          <TableCell>{t('column.lastFailure')}</TableCell>
          <TableCell>{t('column.pushes')}</TableCell>
          {onCommand ? <TableCell align="right">{t('column.actions')}</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {partners.map((partner) => (
          <TableRow key={partner.id} hover>
            <TableCell>
              <Button size="small" onClick={() => onOpen(partner)} sx={{ textTransform: 'none', fontWeight: 600 }}>
                {partner.name}
              </Button>
            </TableCell>
            <TableCell>{partyOf(partner)}</TableCell>
            <TableCell>
              <PartnerStatusChip status={partner.status} />
            </TableCell>
            <TableCell>{partner.version ?? '—'}</TableCell>
            <TableCell>{moduleNamesOf(partner)}</TableCell>
            <TableCell>{formatDateTime(partner.lastExchangeAt)}</TableCell>
            <TableCell>
              {formatDateTime(partner.lastFailureAt)}
              {partner.lastFailure ? (
                <Typography variant="body2" color="error" sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
                  {partner.lastFailure}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>{pushSummaryOf(t, partner)}</TableCell>
            {onCommand ? (
              <TableCell align="right">
                <PartnerActionsMenu partner={partner} onCommand={(command) => onCommand(partner, command)} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
};
