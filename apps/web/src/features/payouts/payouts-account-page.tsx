import Alert from '@mui/material/Alert';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { usePaymentAccount } from './api/stripe-connect-api.ts';
import { ConnectionCard } from './components/connection-card.tsx';
import { useBankAccount } from './api/bank-account-api.ts';
import { BankAccountCard } from './components/bank-account-card.tsx';
import { PayoutDestination } from './components/payout-destination.tsx';
import { ResellerPayoutsSection } from './components/reseller-payouts-section.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { payoutsText } from './payouts-text.ts';

/** /dashboard/profile/payouts-account-details: where a location's payouts go (Stripe Connect, and the bank account through Plaid). */
export const PayoutsAccountPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  const account = usePaymentAccount(locationId);
  const bank = useBankAccount(locationId);
  const t = useT(payoutsText);

  return (
    <>
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      {!locationId ? (
        <ChooseLocation purpose={t('account.purpose')} />
      ) : account.isPending ? (
        <PageLoader label={t('account.loading')} />
      ) : account.isError ? (
        <Alert severity="error">{account.error.message}</Alert>
      ) : (
        <>
          {bank.data ? <PayoutDestination stripe={account.data.account} bank={bank.data.account} /> : null}
          <ConnectionCard locationId={locationId} status={account.data} />
        </>
      )}
      {!locationId ? null : bank.isPending ? (
        <PageLoader label={t('account.loadingBank')} />
      ) : bank.isError ? (
        <Alert severity="error">{bank.error.message}</Alert>
      ) : (
        <BankAccountCard locationId={locationId} status={bank.data} />
      )}
      <ResellerPayoutsSection />
    </>
  );
};
