import { failureMessages } from '@wattdesk/shared/messages';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useConnectResellerStripe } from './api/reseller-payouts-api.ts';
import { useConnectStripe } from './api/stripe-connect-api.ts';
import { useSentence } from '../../i18n/sentences.ts';
import { useT } from '../../i18n/use-t.ts';
import { payoutsText } from './payouts-text.ts';

const PAYOUTS_PATH = '/dashboard/profile/payouts-account-details';

/**
 * /stripe/connected?state=&code= (spec sections 2 and 4): AUTHORIZING, then APPROVED or FAILED.
 * Without state or code (or when the provider answered with an error) it fails at once, calling nothing.
 * /stripe/reseller-connected is the same for the reseller's own account (issue 43 part 3).
 */
const StripeConnectedPage = ({ forReseller = false }: { forReseller?: boolean }) => {
  const [params] = useSearchParams();
  const t = useT(payoutsText);
  const sentence = useSentence();
  const state = params.get('state');
  const code = params.get('code');
  const canConnect = Boolean(state && code && !params.get('error'));
  const forLocation = useConnectStripe();
  const forTheReseller = useConnectResellerStripe();
  const connect = forReseller ? forTheReseller : forLocation;
  const sent = useRef(false);

  useEffect(() => {
    if (!canConnect || sent.current) return;
    sent.current = true;
    connect.mutate({ state: state!, code: code! });
  }, [canConnect, state, code, connect]);

  const phase = !canConnect || connect.isError ? 'FAILED' : connect.isSuccess ? 'APPROVED' : 'AUTHORIZING';
  // The server's 'Unable to connect Stripe' and the provider's reason, below the spec's FAILED sentence.
  const reason = connect.error instanceof ApiError && connect.error.isServerMessage ? connect.error.messages.join(': ') : '';
  const select = useSelectedLocation((store) => store.select);
  // Back on the payouts screen, the location just connected is the selected one.
  useEffect(() => {
    if (forLocation.data) select(forLocation.data.locationId);
  }, [forLocation.data, select]);

  return (
    <AuthLayout
      title={t('stripe.title')}
      footer={
        <Button component={RouterLink} to={PAYOUTS_PATH}>
          {t('stripe.back')}
        </Button>
      }
    >
      {phase === 'AUTHORIZING' ? (
        <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={28} aria-label={t('stripe.authorizing')} />
          <Typography>{t('stripe.authorizingText')}</Typography>
        </Box>
      ) : phase === 'APPROVED' ? (
        <Alert severity="success" icon={<CheckCircleIcon />} role="status">
          {forReseller
            ? t('stripe.connectedReseller', { accountId: connect.data?.accountId ?? '' })
            : t('stripe.connectedLocation', { accountId: connect.data?.accountId ?? '' })}
        </Alert>
      ) : (
        <Alert severity="error" icon={<ErrorOutlineIcon />} role="alert">
          {sentence(failureMessages.stripeAuthorization)}
          {reason ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {reason}
            </Typography>
          ) : null}
        </Alert>
      )}
    </AuthLayout>
  );
};

export default StripeConnectedPage;
