import { validateLoginPassword } from '@wattdesk/shared/validation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLightForm } from '../../../lib/use-light-form.ts';
import { TextInput } from '../../../components/form/text-input.tsx';

type PasswordStepProps = {
  email: string;
  isBusy: boolean;
  onSignIn: (password: string) => void;
  onForgotPassword: () => void;
  onBack: () => void;
};

export const PasswordStep = ({ email, isBusy, onSignIn, onForgotPassword, onBack }: PasswordStepProps) => {
  const { field, handleSubmit } = useLightForm({ password: '' }, { password: validateLoginPassword });
  return (
    <form noValidate onSubmit={handleSubmit(({ password }) => onSignIn(password))}>
      <Typography variant="body2" color="text.secondary" data-testid="signin-email">
        {email}
      </Typography>
      {/* Lets password managers pair the password with the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        {...field('password')}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
          Forgot Password
        </Link>
      </Box>
      <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} loading={isBusy}>
        Sign In
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          Back to sign in
        </Link>
      </Box>
    </form>
  );
};
