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
import { useSentence } from '../../i18n/sentences.ts';
import { useT } from '../../i18n/use-t.ts';
import { billingText } from './billing-text.ts';
import { useCompleteCardSetup, usePaymentDetails, useStartCardSetup } from './api/billing-api.ts';
import { CardBrandMark } from './components/card-brand-mark.tsx';
import { SandboxNote } from './components/sandbox-note.tsx';

/** Back from the provider's card page: read the card it saved, once, then clean the address. */
const useCardPageReturn = (locationId: string | undefined) => {
  const t = useT(billingText);
  const sentence = useSentence();
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
    if (cancelled) notifyInfo(t('payment.setupCancelled'));
    else if (sessionId)
      complete.mutate(
        { locationId, sessionId },
        { onSuccess: ({ msg }) => notifySuccess(msg[0] ?? sentence(successMessages.paymentFeeViolationInfoUpdated)) },
      );
  }, [locationId, sessionId, cancelled, complete, setParams, t, sentence]);

  return complete.isPending;
};

const CardOnFilePanel = ({ locationId, details, isSaving }: { locationId: string; details: PaymentDetails; isSaving: boolean }) => {
  const t = useT(billingText);
  const can = useCan();
  const timeZone = useLocationTimeZone(locationId);
  const start = useStartCardSetup();
  const { card } = details;
  const update = can('Payment_Info_Update') ? (
    <Button variant={card ? 'outlined' : 'contained'} onClick={() => start.mutate(locationId)} loading={start.isPending || isSaving}>
      {card ? t('payment.update') : t('payment.add')}
    </Button>
  ) : null;

  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('payment.cardOnFile')}
      </Typography>
      {details.sandbox ? <SandboxNote /> : null}
      {card ? (
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CardBrandMark brand={card.brand} size={56} />
            <Box>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="card-on-file">
                {t('payment.endingIn', { brand: card.brand, last4: card.last4 })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('payment.expires', { month: String(card.expMonth).padStart(2, '0'), year: String(card.expYear) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {card.updatedByEmail
                  ? t('payment.updatedBy', { date: formatDateTime(card.updatedAt, timeZone), email: card.updatedByEmail })
                  : t('payment.updated', { date: formatDateTime(card.updatedAt, timeZone) })}
              </Typography>
            </Box>
          </Stack>
          <Box>{update}</Box>
        </Stack>
      ) : (
        <EmptyState icon={<CreditCardIcon />} title={t('payment.noCard')}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('payment.noCardText')}
          </Typography>
          {update ?? <Typography variant="body2">{t('payment.askAdmin')}</Typography>}
        </EmptyState>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, alignItems: 'center' }} aria-label={t('payment.acceptedLabel')}>
        <Typography variant="caption" color="text.secondary">
          {t('payment.accepted')}
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
  const t = useT(billingText);
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  const isSaving = useCardPageReturn(locationId);
  return (
    <>
      <PageHeader title={t('payment.title')} subtitle={t('payment.subtitle')} />
      {!locationId ? <ChooseLocation purpose={t('payment.choosePurpose')} /> : <PaymentInfoBody locationId={locationId} isSaving={isSaving} />}
    </>
  );
};

const PaymentInfoBody = ({ locationId, isSaving }: { locationId: string; isSaving: boolean }) => {
  const t = useT(billingText);
  const details = usePaymentDetails(locationId);
  if (details.isPending) return <PageLoader label={t('payment.loading')} />;
  if (details.isError) return <Alert severity="error">{details.error.message}</Alert>;
  return <CardOnFilePanel locationId={locationId} details={details.data} isSaving={isSaving} />;
};

export default PaymentInfoPage;
