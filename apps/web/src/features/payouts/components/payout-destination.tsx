import type { BankAccount } from '@wattdesk/shared/schemas/bank-accounts';
import type { PaymentAccount } from '@wattdesk/shared/schemas/payments';
import Alert from '@mui/material/Alert';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

type Props = { stripe: PaymentAccount | null; bank: BankAccount | null };

/** The bank account as a person recognises it: bank name and the last four digits. */
export const bankLabel = (bank: Pick<BankAccount, 'institutionName' | 'mask'>) => `${bank.institutionName} ••••${bank.mask ?? '????'}`;

/**
 * Where this location's payouts go, in one sentence (issue 43): the bank account linked through Plaid is the
 * connected Stripe account's payout destination, or the screen says plainly what is missing.
 */
export const PayoutDestination = ({ stripe, bank }: Props) => {
  const t = useT(payoutsText);
  if (!stripe)
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t('destination.noStripe')}
        {bank ? ` ${t('destination.waitingBank', { bank: bankLabel(bank) })}` : ''}
      </Alert>
    );
  if (bank && bank.payoutsFrom === stripe.accountId)
    return (
      <Alert severity="success" sx={{ mb: 3 }}>
        {t('destination.linked', { bank: bankLabel(bank), accountId: stripe.accountId })}
      </Alert>
    );
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      {t('destination.stripeOnly', { accountId: stripe.accountId })}
      {bank ? ` ${t('destination.notAttached', { bank: bankLabel(bank) })}` : ` ${t('destination.noBank')}`}
    </Alert>
  );
};
