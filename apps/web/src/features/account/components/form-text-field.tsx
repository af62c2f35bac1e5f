import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useSentence } from '../../../i18n/sentences.ts';

type FormTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  isDisabled?: boolean;
};

/** A react-hook-form text field that shows its own validation message. */
export const FormTextField = <T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  isDisabled = false,
}: FormTextFieldProps<T>) => {
  // The schemas' messages are the shared sentences, in the page's language.
  const sentence = useSentence();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          label={label}
          type={type}
          fullWidth
          disabled={isDisabled}
          margin="dense"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message && sentence(fieldState.error.message)}
          slotProps={{ htmlInput: autoComplete ? { autoComplete } : {} }}
        />
      )}
    />
  );
};
