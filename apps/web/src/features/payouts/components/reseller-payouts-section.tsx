import Alert from '@mui/material/Alert';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useResellerPayouts } from '../api/reseller-payouts-api.ts';
import { ResellerPayoutsCard } from './reseller-payouts-card.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

/** Shown to those who see the reseller's revenue; acting on it takes Bank_Connect too, as the API requires. */
export const ResellerPayoutsSection = () => {
  const can = useCan();
  const t = useT(payoutsText);
  const sees = can('Reseller_Revenue_View');
  const payouts = useResellerPayouts(sees);
  if (!sees) return null;
  if (payouts.isPending) return <PageLoader label={t('reseller.loading')} />;
  if (payouts.isError) return <Alert severity="error">{payouts.error.message}</Alert>;
  return <ResellerPayoutsCard data={payouts.data} canAct={can('Bank_Connect')} />;
};
