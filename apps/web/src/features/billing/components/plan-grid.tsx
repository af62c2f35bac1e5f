import { formatNumber } from '@wattdesk/shared/format';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { SubscriptionOverview, SubscriptionPlan } from '@wattdesk/shared/schemas/billing';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

type Props = {
  overview: SubscriptionOverview;
  canUpdate: boolean;
  /** The plan the user chose, to confirm before anything is charged. */
  onChoose: (plan: SubscriptionPlan) => void;
};

export const billedChargers = (overview: SubscriptionOverview) => Math.max(1, overview.chargerCount);

/** The plans on offer: price per charger, what this location would pay, and the action for each. */
export const PlanGrid = ({ overview, canUpdate, onChoose }: Props) => {
  const current = overview.subscription?.status === 'ACTIVE' ? overview.subscription : null;
  const chargers = billedChargers(overview);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
      {overview.plans.map((plan) => {
        const isCurrent = current?.planId === plan.id;
        return (
          <Paper
            key={plan.id}
            variant="outlined"
            sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
            aria-labelledby={`plan-${plan.id}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography id={`plan-${plan.id}`} variant="h6" component="h3" sx={{ flex: 1 }}>
                {plan.name}
              </Typography>
              {isCurrent ? <Chip size="small" color="success" label="Current plan" /> : null}
            </Box>
            <Typography variant="h5" component="p">
              {formatMinor(plan.unitAmount, plan.currency)}
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                per charger / {plan.interval}
              </Typography>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {plan.features}
            </Typography>
            <Typography variant="body2">
              {formatNumber(chargers)} {chargers === 1 ? 'charger' : 'chargers'}: {formatMinor(plan.unitAmount * chargers, plan.currency)} /{' '}
              {plan.interval}
            </Typography>
            {canUpdate && !isCurrent ? (
              <Button variant={current ? 'outlined' : 'contained'} onClick={() => onChoose(plan)} disabled={!overview.hasPaymentMethod}>
                {current ? 'Switch to' : 'Activate'} {plan.name}
              </Button>
            ) : null}
          </Paper>
        );
      })}
    </Box>
  );
};
