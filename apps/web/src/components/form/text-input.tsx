import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent } from 'react';

type TextInputProps = {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: 'text' | 'email' | 'password';
  error?: string | undefined;
  autoComplete?: string;
  autoFocus?: boolean;
};

/**
 * An outlined text field for the pages outside the dashboard. MUI's TextField also bundles Select,
 * Menu and Popover; the sign-in page must stay small (initial JavaScript budget), so it uses this.
 */
export const TextInput = ({ label, error, type = 'text', autoComplete, autoFocus, ...field }: TextInputProps) => {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth margin="normal" error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        {...(autoComplete ? { autoComplete } : {})}
        {...(autoFocus ? { autoFocus } : {})}
        {...(error ? { 'aria-describedby': helperId, 'aria-invalid': true } : {})}
        {...field}
      />
      {error ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
};
