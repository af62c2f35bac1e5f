import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { SubscriptionOverview, SubscriptionPlan } from '@wattdesk/shared/schemas/billing';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { formatDate } from '../../lib/format-time.ts';
import { notifySuccess } from '../../lib/notify.tsx';
import { useLocationTimeZone } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { billingText } from './billing-text.ts';
import { useActivateSubscription, useCancelSubscription, useChangeSubscription, useSubscription } from './api/billing-api.ts';
import { CurrentPlan } from './components/current-plan.tsx';
import { billedChargers, PlanGrid } from './components/plan-grid.tsx';
import { SandboxNote } from './components/sandbox-note.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';

const SubscriptionBody = ({ locationId, overview }: { locationId: string; overview: SubscriptionOverview }) => {
  const t = useT(billingText);
  const can = useCan();
  const timeZone = useLocationTimeZone(locationId);
  const canUpdate = can('Subscription_Update');
  const activate = useActivateSubscription();
  const change = useChangeSubscription();
  const cancel = useCancelSubscription();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const [chosen, setChosen] = useState<SubscriptionPlan | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const active = overview.subscription?.status === 'ACTIVE' ? overview.subscription : null;
  const done = ({ msg }: { msg: string[] }) => {
    renewKey();
    setChosen(null);
    setIsCancelling(false);
    if (msg[0]) notifySuccess(msg[0]);
  };
  const chargers = billedChargers(overview);

  return (
    <>
      {overview.sandbox ? <SandboxNote /> : null}
      {canUpdate && !overview.hasPaymentMethod ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('subscription.noCard')}{' '}
          <Link component={RouterLink} to="/dashboard/profile/payment-info">
            {t('subscription.addCardLink')}
          </Link>
          .
        </Alert>
      ) : null}
      {overview.subscription ? (
        <CurrentPlan subscription={overview.subscription} timeZone={timeZone} canUpdate={canUpdate} onCancel={() => setIsCancelling(true)} />
      ) : (
        <Typography sx={{ mb: 2 }}>{t('subscription.none')}</Typography>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('subscription.plans')}
      </Typography>
      <PlanGrid overview={overview} canUpdate={canUpdate} onChoose={setChosen} />
      <ConfirmDialog
        open={chosen !== null}
        title={active ? t('confirm.switchTitle', { name: chosen?.name ?? '' }) : t('confirm.activateTitle', { name: chosen?.name ?? '' })}
        confirmLabel={active ? t('confirm.switch') : t('confirm.activate')}
        isBusy={activate.isPending || change.isPending}
        onClose={() => setChosen(null)}
        onConfirm={() => {
          if (!chosen) return;
          const body = { locationId, planId: chosen.id, idempotencyKey };
          if (active) change.mutate(body, { onSuccess: done });
          else activate.mutate(body, { onSuccess: done });
        }}
      >
        {chosen?.price
          ? t(active ? 'confirm.switchText' : 'confirm.activateText', {
              count: chargers,
              unit: formatMinor(chosen.price.unitAmount, chosen.price.currency),
              total: formatMinor(chosen.price.unitAmount * chargers, chosen.price.currency),
              interval: t('interval.name', { interval: chosen.price.interval }),
            })
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={isCancelling}
        title={t('cancel.title')}
        confirmLabel={t('cancel.confirm')}
        isDestructive
        isBusy={cancel.isPending}
        onClose={() => setIsCancelling(false)}
        onConfirm={() => cancel.mutate({ locationId, idempotencyKey }, { onSuccess: done })}
      >
        {active?.currentPeriodEnd
          ? t('cancel.textRenewing', { plan: active.planName, date: formatDate(active.currentPeriodEnd, timeZone) })
          : t('cancel.text', { plan: active?.planName ?? '' })}
      </ConfirmDialog>
    </>
  );
};

/** /dashboard/subscription: the location's plan with the payment provider. */
export const SubscriptionPage = () => {
  const t = useT(billingText);
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  return (
    <>
      <PageHeader title={t('subscription.title')} subtitle={t('subscription.subtitle')} />
      {!locationId ? <ChooseLocation purpose={t('subscription.choosePurpose')} /> : <SubscriptionLoader locationId={locationId} />}
    </>
  );
};

const SubscriptionLoader = ({ locationId }: { locationId: string }) => {
  const t = useT(billingText);
  const overview = useSubscription(locationId);
  if (overview.isPending) return <PageLoader label={t('subscription.loading')} />;
  if (overview.isError) return <Alert severity="error">{overview.error.message}</Alert>;
  return <SubscriptionBody locationId={locationId} overview={overview.data} />;
};

export default SubscriptionPage;
