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
import { useActivateSubscription, useCancelSubscription, useChangeSubscription, useSubscription } from './api/billing-api.ts';
import { CurrentPlan } from './components/current-plan.tsx';
import { billedChargers, PlanGrid } from './components/plan-grid.tsx';
import { SandboxNote } from './components/sandbox-note.tsx';
import { useIdempotencyKey } from './use-idempotency-key.ts';

const SubscriptionBody = ({ locationId, overview }: { locationId: string; overview: SubscriptionOverview }) => {
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
          The subscription is charged to the card on file, and this location has none yet.{' '}
          <Link component={RouterLink} to="/dashboard/profile/payment-info">
            Add a card under Payment Info
          </Link>
          .
        </Alert>
      ) : null}
      {overview.subscription ? (
        <CurrentPlan subscription={overview.subscription} timeZone={timeZone} canUpdate={canUpdate} onCancel={() => setIsCancelling(true)} />
      ) : (
        <Typography sx={{ mb: 2 }}>This location has no subscription yet. Choose a plan: it is billed monthly per charger.</Typography>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Plans
      </Typography>
      <PlanGrid overview={overview} canUpdate={canUpdate} onChoose={setChosen} />
      <ConfirmDialog
        open={chosen !== null}
        title={active ? `Switch to ${chosen?.name ?? ''}?` : `Activate ${chosen?.name ?? ''}?`}
        confirmLabel={active ? 'Switch plan' : 'Activate'}
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
          ? `${chargers} ${chargers === 1 ? 'charger' : 'chargers'} × ${formatMinor(chosen.price.unitAmount, chosen.price.currency)} = ${formatMinor(chosen.price.unitAmount * chargers, chosen.price.currency)} per ${chosen.price.interval}, charged to the card on file${active ? '; a more expensive plan charges the difference for the rest of this month now' : ', starting today'}.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        open={isCancelling}
        title="Cancel the subscription?"
        confirmLabel="Cancel subscription"
        isDestructive
        isBusy={cancel.isPending}
        onClose={() => setIsCancelling(false)}
        onConfirm={() => cancel.mutate({ locationId, idempotencyKey }, { onSuccess: done })}
      >
        {`The ${active?.planName ?? ''} plan ends now${active?.currentPeriodEnd ? ` instead of renewing on ${formatDate(active.currentPeriodEnd, timeZone)}` : ''}, and this location is no longer billed. You can activate a plan again at any time.`}
      </ConfirmDialog>
    </>
  );
};

/** /dashboard/subscription: the location's plan with the payment provider. */
export const SubscriptionPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  return (
    <>
      <PageHeader title="Subscription" subtitle="The location's Wattdesk plan, billed monthly per charger." />
      {!locationId ? <ChooseLocation purpose="see its subscription" /> : <SubscriptionLoader locationId={locationId} />}
    </>
  );
};

const SubscriptionLoader = ({ locationId }: { locationId: string }) => {
  const overview = useSubscription(locationId);
  if (overview.isPending) return <PageLoader label="Loading the subscription" />;
  if (overview.isError) return <Alert severity="error">{overview.error.message}</Alert>;
  return <SubscriptionBody locationId={locationId} overview={overview.data} />;
};

export default SubscriptionPage;
