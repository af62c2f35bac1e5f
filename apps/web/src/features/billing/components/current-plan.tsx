import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { LocationSubscription } from '@wattdesk/shared/schemas/billing';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { formatDate, timeZoneCaption } from '../../../lib/format-time.ts';
import { billingText } from '../billing-text.ts';

const STATUS_COLOR = { ACTIVE: 'success', PENDING: 'warning', INACTIVE: 'default' } as const;

type Props = { subscription: LocationSubscription; timeZone: string | undefined; canUpdate: boolean; onCancel: () => void };

/** The location's plan as the provider bills it: chargers × price, the next renewal, and Cancel. */
export const CurrentPlan = ({ subscription, timeZone, canUpdate, onCancel }: Props) => {
  const t = useT(billingText);
  const interval = t('interval.name', { interval: subscription.interval });
  return (
    <Paper sx={{ p: 3, mb: 3 }} aria-labelledby="current-plan-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="current-plan-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('plan.title', { name: subscription.planName })}
        </Typography>
        <Chip
          size="small"
          color={STATUS_COLOR[subscription.status]}
          label={t(`plan.status.${subscription.status}`)}
          data-testid="subscription-status"
        />
      </Box>
      <Typography variant="body1">
        {t('plan.chargers', { count: subscription.quantity })} × {formatMinor(subscription.unitAmount, subscription.currency)} ={' '}
        <strong>{formatMinor(subscription.amount, subscription.currency)}</strong> {t('plan.per', { interval })}
      </Typography>
      {subscription.status === 'ACTIVE' && subscription.currentPeriodEnd ? (
        <Typography variant="body2" color="text.secondary">
          {t('plan.renews', { date: formatDate(subscription.currentPeriodEnd, timeZone), zone: timeZoneCaption(timeZone) })}
        </Typography>
      ) : null}
      {subscription.status === 'ACTIVE' && canUpdate ? (
        <Button sx={{ mt: 2 }} color="error" variant="outlined" onClick={onCancel}>
          {t('plan.cancel')}
        </Button>
      ) : null}
    </Paper>
  );
};
