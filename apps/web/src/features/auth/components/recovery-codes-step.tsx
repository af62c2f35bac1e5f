import Button from '@mui/material/Button';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { signInStepsText } from '../sign-in-steps-text.ts';

/** After setting up the app during sign-in: the recovery codes, then on to the dashboard. */
export const RecoveryCodesStep = ({ codes, email, onContinue }: { codes: readonly string[]; email: string; onContinue: () => void }) => {
  const t = useT(signInStepsText);
  return (
    <>
      <RecoveryCodes codes={codes} email={email} />
      <Button variant="contained" fullWidth size="large" sx={{ mt: 2 }} onClick={onContinue}>
        {t('recoveryCodes.continue')}
      </Button>
    </>
  );
};
