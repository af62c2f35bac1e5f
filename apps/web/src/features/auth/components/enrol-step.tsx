import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TextInput } from '../../../components/form/text-input.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useLightForm } from '../../../lib/use-light-form.ts';
import { getLoginTotpSetup } from '../api/auth-api.ts';
import { useT } from '../../../i18n/use-t.ts';
import { signInStepsText } from '../sign-in-steps-text.ts';
import { commonText } from '../../../components/common-text.ts';

type EnrolStepProps = { challenge: string; isBusy: boolean; onVerify: (code: string) => void };

/**
 * An account whose type must sign in with two steps (MFA_REQUIRED_FOR) sets up its authenticator app here,
 * before it gets a session. Loaded only when needed.
 */
export const EnrolStep = ({ challenge, isBusy, onVerify }: EnrolStepProps) => {
  const t = useT(signInStepsText);
  const common = useT(commonText);
  const setup = useMutation({ mutationFn: getLoginTotpSetup, meta: { errorHandled: true } });
  const { mutate: begin } = setup;
  useEffect(() => begin(challenge), [begin, challenge]);
  const { field, handleSubmit } = useLightForm({ code: '' }, { code: (value) => (/^\d{6}$/.test(value.trim()) ? undefined : t('enrol.sixDigits')) });
  if (setup.isError) return <Alert severity="error">{messageOf(setup.error, t('enrol.startFailed'))}</Alert>;
  if (!setup.data) return <CircularProgress aria-label={common('loading')} />;
  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onVerify(code.trim()))}>
      <Typography variant="body2">{t('enrol.intro')}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
        <img src={setup.data.qrCode} alt={t('enrol.qrAlt')} width={180} height={180} />
      </Box>
      <Typography variant="caption" component="p" color="text.secondary">
        {t('enrol.cannotScan')}{' '}
        <span data-testid="totp-secret" style={{ fontFamily: 'monospace' }}>
          {setup.data.secret}
        </span>
      </Typography>
      <TextInput label={t('code.label')} autoComplete="one-time-code" autoFocus {...field('code')} />
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} loading={isBusy}>
        {t('enrol.verify')}
      </Button>
    </form>
  );
};
