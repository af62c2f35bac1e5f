import Alert from '@mui/material/Alert';
import { useT } from '../../../i18n/use-t.ts';
import { billingText } from '../billing-text.ts';

/** Said wherever billing runs against the local Stripe sandbox. */
export const SandboxNote = () => {
  const t = useT(billingText);
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t('sandbox.note')}
    </Alert>
  );
};
