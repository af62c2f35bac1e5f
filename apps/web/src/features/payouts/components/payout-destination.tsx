import type { BankAccount } from '@wattdesk/shared/schemas/bank-accounts';
import type { PaymentAccount } from '@wattdesk/shared/schemas/payments';
import Alert from '@mui/material/Alert';

type Props = { stripe: PaymentAccount | null; bank: BankAccount | null };

/** The bank account as a person recognises it: bank name and the last four digits. */
export const bankLabel = (bank: Pick<BankAccount, 'institutionName' | 'mask'>) => `${bank.institutionName} ••••${bank.mask ?? '????'}`;

/**
 * Where this location's payouts go, in one sentence (issue 43): the bank account linked through Plaid is the
 * connected Stripe account's payout destination, or the screen says plainly what is missing.
 */
export const PayoutDestination = ({ stripe, bank }: Props) => {
  if (!stripe)
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        Payouts cannot be sent yet: no Stripe account is connected to this location.
        {bank ? ` ${bankLabel(bank)} will receive them once one is.` : ''}
      </Alert>
    );
  if (bank && bank.payoutsFrom === stripe.accountId)
    return (
      <Alert severity="success" sx={{ mb: 3 }}>
        Payouts go to {bankLabel(bank)}, on the Stripe account {stripe.accountId}.
      </Alert>
    );
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      Payouts go to the Stripe account {stripe.accountId}, into the bank account set up in Stripe.
      {bank ? ` ${bankLabel(bank)} is not attached to it: link it again to make it the payout destination.` : ' No bank account is linked here.'}
    </Alert>
  );
};
