import { formatNumber } from '@wattdesk/shared/format';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { SubscriptionOverview, SubscriptionPlan } from '@wattdesk/shared/schemas/billing';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t.ts';
import { billingText, type BillingT } from '../billing-text.ts';

type Props = {
  overview: SubscriptionOverview;
  canUpdate: boolean;
  /** The plan the user chose, to confirm before anything is charged. */
  onChoose: (plan: SubscriptionPlan) => void;
};

export const billedChargers = (overview: SubscriptionOverview) => Math.max(1, overview.chargerCount);

/** Why a plan cannot be chosen for this location, or null when it can. */
const unavailable = (t: BillingT, plan: SubscriptionPlan, overview: SubscriptionOverview): string | null => {
  if (!plan.price) return t('plans.noPrice');
  const max = plan.includes.maxChargers;
  if (max !== null && overview.chargerCount > max)
    return t('plans.tooManyChargers', { max: formatNumber(max), count: formatNumber(overview.chargerCount) });
  return null;
};

const includedText = (t: BillingT, plan: SubscriptionPlan) => {
  const chargers = plan.includes.maxChargers === null ? t('plans.anyChargers') : t('plans.upTo', { max: formatNumber(plan.includes.maxChargers) });
  return [chargers, ...plan.includes.features.map((feature) => t(`plans.feature.${feature}`))].join(' · ');
};

/** The plans on offer: the provider's price per charger in the location's currency, what each includes, and the action. */
export const PlanGrid = ({ overview, canUpdate, onChoose }: Props) => {
  const t = useT(billingText);
  const current = overview.subscription?.status === 'ACTIVE' ? overview.subscription : null;
  const chargers = billedChargers(overview);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
      {overview.plans.map((plan) => {
        const isCurrent = current?.planId === plan.id;
        const reason = unavailable(t, plan, overview);
        const interval = plan.price ? t('interval.name', { interval: plan.price.interval }) : '';
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
              {isCurrent ? <Chip size="small" color="success" label={t('plans.current')} /> : null}
            </Box>
            {plan.price ? (
              <Typography variant="h5" component="p">
                {formatMinor(plan.price.unitAmount, plan.price.currency)}
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  {t('plans.perCharger', { interval })}
                </Typography>
              </Typography>
            ) : (
              <Typography variant="body1" color="text.secondary">
                {t('plans.priceUnavailable')}
              </Typography>
            )}
            {plan.description ? (
              <Typography variant="body2" color="text.secondary">
                {plan.description}
              </Typography>
            ) : null}
            <Typography variant="body2" sx={{ flex: 1 }}>
              {includedText(t, plan)}
            </Typography>
            {plan.price ? (
              <Typography variant="body2">
                {t('plans.total', { count: chargers, total: formatMinor(plan.price.unitAmount * chargers, plan.price.currency), interval })}
              </Typography>
            ) : null}
            {canUpdate && !isCurrent && reason ? (
              <Typography variant="caption" color="text.secondary">
                {reason}
              </Typography>
            ) : null}
            {canUpdate && !isCurrent ? (
              <Button
                variant={current ? 'outlined' : 'contained'}
                onClick={() => onChoose(plan)}
                disabled={!overview.hasPaymentMethod || reason !== null}
              >
                {current ? t('plans.switchTo', { name: plan.name }) : t('plans.activate', { name: plan.name })}
              </Button>
            ) : null}
          </Paper>
        );
      })}
    </Box>
  );
};
