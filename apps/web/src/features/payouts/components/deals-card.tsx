import { formatCount } from '@wattdesk/shared/format';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { Deal } from '@wattdesk/shared/schemas/payouts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useDeals } from '../api/deals-api.ts';
import { DealDialog } from './deal-dialog.tsx';
import { bpsLabel } from './percent.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

const terms = (deal: Deal) =>
  deal.kind === 'fixed_fee' && deal.monthlyFee !== null && deal.currency
    ? `${formatMinor(deal.monthlyFee, deal.currency)} a month`
    : `Host ${bpsLabel(deal.hostBps ?? 0)}, reseller ${bpsLabel(deal.resellerBps ?? 0)}, platform ${bpsLabel(deal.platformBps ?? 0)}`;

/** The location's deals; 'Add deal' only for holders of Deals_Create. */
export const DealsCard = ({ locationId, currency }: { locationId: string; currency: string }) => {
  const can = useCan();
  const deals = useDeals(locationId);
  const [adding, setAdding] = useState(false);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            Deals
          </Typography>
          {can('Deals_Create') && (
            <Button variant="outlined" onClick={() => setAdding(true)}>
              Add deal
            </Button>
          )}
        </Stack>
        {deals.isPending ? (
          <PageLoader label="Loading deals" />
        ) : deals.isError ? (
          <Alert severity="error">{deals.error.message}</Alert>
        ) : deals.data.items.length === 0 ? (
          <Typography color="text.secondary">No deals on this location.</Typography>
        ) : (
          <ScrollingTable size="small" aria-label="Deals">
            <TableHead>
              <TableRow>
                <TableCell>Kind</TableCell>
                <TableCell>Start date</TableCell>
                <TableCell align="right">Term</TableCell>
                <TableCell>Terms</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deals.data.items.map((deal) => (
                <TableRow key={deal.id}>
                  <TableCell>{deal.kind === 'fixed_fee' ? 'Fixed monthly fee' : 'Revenue share'}</TableCell>
                  <TableCell>{deal.startDate}</TableCell>
                  <TableCell align="right">{formatCount(deal.termMonths)} months</TableCell>
                  <TableCell>{terms(deal)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollingTable>
        )}
      </CardContent>
      {adding && <DealDialog locationId={locationId} currency={currency} onClose={() => setAdding(false)} />}
    </Card>
  );
};
