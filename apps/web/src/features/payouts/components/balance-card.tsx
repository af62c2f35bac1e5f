import type { Balance } from '@wattdesk/shared/schemas/payouts';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Stack spacing={0.25} sx={{ minWidth: 140 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p">
      {value}
    </Typography>
  </Stack>
);

/**
 * What the location is owed now, with what is on its way and already paid: all sums of the ledger. Earned is what
 * priced sessions brought; only the host's share of what drivers paid (collected) is available (decision 082).
 */
export const BalanceCard = ({ balance }: { balance: Balance }) => {
  const t = useT(payoutsText);
  const money = (minor: number) => formatMinor(minor, balance.currency);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {t('balance.title', { currency: balance.currency })}
        </Typography>
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label={t('balance.available')} value={money(balance.available)} />
          <Figure label={t('balance.pending')} value={money(balance.pending)} />
          <Figure label={t('balance.paid')} value={money(balance.paid)} />
          <Figure label={t('balance.earned')} value={money(balance.earned)} />
          <Figure label={t('balance.collected')} value={money(balance.collected)} />
          <Figure label={t('balance.receivable')} value={money(balance.receivable)} />
          {/* The host's part of the receivable: available once its session is paid. */}
          {balance.hostShareHeld !== 0 && <Figure label={t('balance.hostShareHeld')} value={money(balance.hostShareHeld)} />}
          {/* Part of the receivable, owed by the partners rather than the drivers (decision 076). */}
          {balance.roamingReceivable !== 0 && <Figure label={t('balance.roamingReceivable')} value={money(balance.roamingReceivable)} />}
          <Figure label={t('balance.refunded')} value={money(balance.refunded)} />
          {balance.providerFees !== 0 && <Figure label={t('balance.providerFees')} value={money(balance.providerFees)} />}
          {balance.resellerShare !== null && <Figure label={t('balance.resellerShare')} value={money(balance.resellerShare)} />}
          {balance.platformFee !== null && <Figure label={t('balance.platformFee')} value={money(balance.platformFee)} />}
          {balance.unallocated !== 0 && <Figure label={t('balance.unallocated')} value={money(balance.unallocated)} />}
        </Stack>
      </CardContent>
    </Card>
  );
};
