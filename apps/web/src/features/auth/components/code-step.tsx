import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TextInput } from '../../../components/form/text-input.tsx';
import { useLightForm } from '../../../lib/use-light-form.ts';

const CODE_REQUIRED = 'Enter the code from your authenticator app or a recovery code';

type CodeStepProps = { isBusy: boolean; onVerify: (code: string) => void; onBack: () => void };

/** The second sign-in step: a six-digit code from the authenticator app, or one of the recovery codes. */
export const CodeStep = ({ isBusy, onVerify, onBack }: CodeStepProps) => {
  const { field, handleSubmit } = useLightForm({ code: '' }, { code: (value) => (value.trim() ? undefined : CODE_REQUIRED) });
  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onVerify(code.trim()))}>
      <Typography variant="body2" color="text.secondary">
        Open your authenticator app and enter the code it shows for Wattdesk.
      </Typography>
      <TextInput label="Authentication code" autoComplete="one-time-code" autoFocus {...field('code')} />
      <Typography variant="caption" color="text.secondary">
        No phone at hand? Enter one of your recovery codes instead.
      </Typography>
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} loading={isBusy}>
        Verify
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          Back to sign in
        </Link>
      </Box>
    </form>
  );
};
