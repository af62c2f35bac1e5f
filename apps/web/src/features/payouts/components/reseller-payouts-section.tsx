import Alert from '@mui/material/Alert';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useResellerPayouts } from '../api/reseller-payouts-api.ts';
import { ResellerPayoutsCard } from './reseller-payouts-card.tsx';

/** Shown to those who see the reseller's revenue; acting on it takes Bank_Connect too, as the API requires. */
export const ResellerPayoutsSection = () => {
  const can = useCan();
  const sees = can('Reseller_Revenue_View');
  const payouts = useResellerPayouts(sees);
  if (!sees) return null;
  if (payouts.isPending) return <PageLoader label="Loading the reseller payouts" />;
  if (payouts.isError) return <Alert severity="error">{payouts.error.message}</Alert>;
  return <ResellerPayoutsCard data={payouts.data} canAct={can('Bank_Connect')} />;
};
