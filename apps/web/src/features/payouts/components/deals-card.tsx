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
import { useT, type Translate } from '../../../i18n/use-t.ts';
import { payoutsText, type PayoutsKey } from '../payouts-text.ts';

const terms = (deal: Deal, t: Translate<PayoutsKey>) =>
  deal.kind === 'fixed_fee' && deal.monthlyFee !== null && deal.currency
    ? t('deals.monthly', { amount: formatMinor(deal.monthlyFee, deal.currency) })
    : t('deals.split', {
        host: bpsLabel(deal.hostBps ?? 0),
        reseller: bpsLabel(deal.resellerBps ?? 0),
        platform: bpsLabel(deal.platformBps ?? 0),
      });

/** The location's deals; 'Add deal' only for holders of Deals_Create. */
export const DealsCard = ({ locationId, currency }: { locationId: string; currency: string }) => {
  const can = useCan();
  const t = useT(payoutsText);
  const deals = useDeals(locationId);
  const [adding, setAdding] = useState(false);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            {t('deals.title')}
          </Typography>
          {can('Deals_Create') && (
            <Button variant="outlined" onClick={() => setAdding(true)}>
              {t('deals.add')}
            </Button>
          )}
        </Stack>
        {deals.isPending ? (
          <PageLoader label={t('deals.loading')} />
        ) : deals.isError ? (
          <Alert severity="error">{deals.error.message}</Alert>
        ) : deals.data.items.length === 0 ? (
          <Typography color="text.secondary">{t('deals.empty')}</Typography>
        ) : (
          <ScrollingTable size="small" aria-label={t('deals.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('deals.kind')}</TableCell>
                <TableCell>{t('deals.startDate')}</TableCell>
                <TableCell align="right">{t('deals.term')}</TableCell>
                <TableCell>{t('deals.terms')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deals.data.items.map((deal) => (
                <TableRow key={deal.id}>
                  <TableCell>{t(`kind.${deal.kind}`)}</TableCell>
                  <TableCell>{deal.startDate}</TableCell>
                  <TableCell align="right">{t('deals.months', { count: deal.termMonths })}</TableCell>
                  <TableCell>{terms(deal, t)}</TableCell>
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
