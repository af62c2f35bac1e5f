import { formatBps } from '@wattdesk/shared/format';
import type { ResellerRevenue } from '@wattdesk/shared/schemas/dashboard';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { dashboardText } from '../dashboard-text.ts';

/**
 * Reseller_Revenue_View: what the reseller's locations earned over the range and the reseller's share, as the
 * payouts ledger split it (the share in force when each session was priced; decision 056).
 */
export const ResellerCard = ({ revenue }: { revenue: ResellerRevenue | undefined }) => {
  const t = useT(dashboardText);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('reseller.title')}
      </Typography>
      {!revenue ? (
        <Typography color="text.secondary">{t('reseller.loading')}</Typography>
      ) : revenue.locations.length === 0 ? (
        <Typography color="text.secondary">{t('reseller.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('reseller.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('reseller.location')}</TableCell>
              <TableCell align="right">{t('reseller.revenue')}</TableCell>
              <TableCell align="right">{t('reseller.shareInForce')}</TableCell>
              <TableCell align="right">{t('reseller.yourShare')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {revenue.locations.map((l) => (
              <TableRow key={l.locationId}>
                <TableCell>{l.name}</TableCell>
                <TableCell align="right">{formatMinor(l.revenue, l.currency)}</TableCell>
                <TableCell align="right">{l.shareBps === null ? t('reseller.noShare') : formatBps(l.shareBps)}</TableCell>
                <TableCell align="right">{formatMinor(l.share, l.currency)}</TableCell>
              </TableRow>
            ))}
            {revenue.totals.map((total) => (
              <TableRow key={total.currency}>
                <TableCell sx={{ fontWeight: 700 }}>{t('reseller.total', { currency: total.currency })}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {formatMinor(total.revenue, total.currency)}
                </TableCell>
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {formatMinor(total.share, total.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
};
