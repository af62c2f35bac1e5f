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

/**
 * Reseller_Revenue_View: what the reseller's locations earned over the range and the reseller's share, as the
 * payouts ledger split it (the share in force when each session was priced; decision 056).
 */
export const ResellerCard = ({ revenue }: { revenue: ResellerRevenue | undefined }) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      Reseller revenue
    </Typography>
    {!revenue ? (
      <Typography color="text.secondary">Loading…</Typography>
    ) : revenue.locations.length === 0 ? (
      <Typography color="text.secondary">No reseller locations in your reach.</Typography>
    ) : (
      <Table size="small" aria-label="Reseller revenue">
        <TableHead>
          <TableRow>
            <TableCell>Location</TableCell>
            <TableCell align="right">Revenue</TableCell>
            <TableCell align="right">Share in force</TableCell>
            <TableCell align="right">Your share</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {revenue.locations.map((l) => (
            <TableRow key={l.locationId}>
              <TableCell>{l.name}</TableCell>
              <TableCell align="right">{formatMinor(l.revenue, l.currency)}</TableCell>
              <TableCell align="right">{l.shareBps === null ? 'No share set' : formatBps(l.shareBps)}</TableCell>
              <TableCell align="right">{formatMinor(l.share, l.currency)}</TableCell>
            </TableRow>
          ))}
          {revenue.totals.map((t) => (
            <TableRow key={t.currency}>
              <TableCell sx={{ fontWeight: 700 }}>{`Total (${t.currency})`}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {formatMinor(t.revenue, t.currency)}
              </TableCell>
              <TableCell />
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {formatMinor(t.share, t.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    )}
  </Paper>
);
