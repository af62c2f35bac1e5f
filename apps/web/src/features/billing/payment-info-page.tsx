import { CARD_BRANDS } from '@wattdesk/shared/constants';
import { successMessages } from '@wattdesk/shared/messages';
import type { PaymentDetails } from '@wattdesk/shared/schemas/billing';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { formatDateTime } from '../../lib/format-time.ts';
import { notifyInfo, notifySuccess } from '../../lib/notify.tsx';
import { useLocationTimeZone } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useCompleteCardSetup, usePaymentDetails, useStartCardSetup } from './api/billing-api.ts';
import { CardBrandMark } from './components/card-brand-mark.tsx';
import { SandboxNote } from './components/sandbox-note.tsx';

/** Back from the provider's card page: read the card it saved, once, then clean the address. */
const useCardPageReturn = (locationId: string | undefined) => {
  const [params, setParams] = useSearchParams();
  const complete = useCompleteCardSetup();
  const handled = useRef<string | null>(null);
  const sessionId = params.get('setup_session');
  const cancelled = params.get('setup') === 'cancelled';

  useEffect(() => {
    if (!locationId || (!sessionId && !cancelled)) return;
    const marker = sessionId ?? 'cancelled';
    if (handled.current === marker) return;
    handled.current = marker;
    setParams({}, { replace: true });
    if (cancelled) notifyInfo('Card update cancelled: the card on file is unchanged');
    else if (sessionId)
      complete.mutate({ locationId, sessionId }, { onSuccess: ({ msg }) => notifySuccess(msg[0] ?? successMessages.paymentFeeViolationInfoUpdated) });
  }, [locationId, sessionId, cancelled, complete, setParams]);

  return complete.isPending;
};

const CardOnFilePanel = ({ locationId, details, isSaving }: { locationId: string; details: PaymentDetails; isSaving: boolean }) => {
  const can = useCan();
  const timeZone = useLocationTimeZone(locationId);
  const start = useStartCardSetup();
  const { card } = details;
  const update = can('Payment_Info_Update') ? (
    <Button variant={card ? 'outlined' : 'contained'} onClick={() => start.mutate(locationId)} loading={start.isPending || isSaving}>
      {card ? 'Update card' : 'Add card'}
    </Button>
  ) : null;

  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Card on file
      </Typography>
      {details.sandbox ? <SandboxNote /> : null}
      {card ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CardBrandMark brand={card.brand} size={56} />
            <Box>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="card-on-file">
                {card.brand} ending in {card.last4}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Updated {formatDateTime(card.updatedAt, timeZone)}
                {card.updatedByEmail ? ` by ${card.updatedByEmail}` : ''}
              </Typography>
            </Box>
          </Stack>
          <Box>{update}</Box>
        </Stack>
      ) : (
        <EmptyState icon={<CreditCardIcon />} title="No card on file">
          <Typography variant="body2" sx={{ mb: 2 }}>
            The location's subscription is charged to this card. You type the card on the payment provider's page; Wattdesk keeps only its brand, last
            four digits and expiry.
          </Typography>
          {update ?? <Typography variant="body2">An administrator who may update payment information can add one.</Typography>}
        </EmptyState>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center' }} aria-label="Accepted cards">
        <Typography variant="caption" color="text.secondary">
          Accepted:
        </Typography>
        {CARD_BRANDS.map((brand) => (
          <CardBrandMark key={brand} brand={brand} size={32} />
        ))}
      </Stack>
    </Paper>
  );
};

/** /dashboard/profile/payment-info: the host's card on file for subscription billing. */
export const PaymentInfoPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  const isSaving = useCardPageReturn(locationId);
  return (
    <>
      <PageHeader title="Payment Info" subtitle="The card this location's subscription is charged to." />
      {!locationId ? <ChooseLocation purpose="see its card on file" /> : <PaymentInfoBody locationId={locationId} isSaving={isSaving} />}
    </>
  );
};

const PaymentInfoBody = ({ locationId, isSaving }: { locationId: string; isSaving: boolean }) => {
  const details = usePaymentDetails(locationId);
  if (details.isPending) return <PageLoader label="Loading the card on file" />;
  if (details.isError) return <Alert severity="error">{details.error.message}</Alert>;
  return <CardOnFilePanel locationId={locationId} details={details.data} isSaving={isSaving} />;
};

export default PaymentInfoPage;
