import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useLightForm } from '../../../lib/use-light-form.ts';
import { useT } from '../../../i18n/use-t.ts';
import { signInStepsText } from '../sign-in-steps-text.ts';

type CodeStepProps = { isBusy: boolean; onVerify: (code: string) => void; onBack: () => void };

/** The second sign-in step: a six-digit code from the authenticator app, or one of the recovery codes. */
export const CodeStep = ({ isBusy, onVerify, onBack }: CodeStepProps) => {
  const t = useT(signInStepsText);
  const { field, handleSubmit } = useLightForm({ code: '' }, { code: (value) => (value.trim() ? undefined : t('code.required')) });
  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onVerify(code.trim()))}>
      <Typography variant="body2" color="text.secondary">
        {t('code.intro')}
      </Typography>
      <TextInput label={t('code.label')} autoComplete="one-time-code" autoFocus {...field('code')} />
      <Typography variant="caption" color="text.secondary">
        {t('code.recoveryHint')}
      </Typography>
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} loading={isBusy}>
        {t('code.verify')}
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          {t('backToSignIn')}
        </Link>
      </Box>
    </form>
  );
};
