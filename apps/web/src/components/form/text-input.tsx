import { useId, type ChangeEvent } from 'react';
import '../plain/plain.css';

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
 * A labelled text field for the screens outside the dashboard. Plain HTML and CSS rather than MUI: the sign-in
 * page's JavaScript budget (decision 002) leaves no room for MUI and emotion.
 */
export const TextInput = ({ label, error, type = 'text', autoComplete, autoFocus, ...field }: TextInputProps) => {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={error ? 'wd-field wd-field--error' : 'wd-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        {...(autoComplete ? { autoComplete } : {})}
        {...(autoFocus ? { autoFocus } : {})}
        aria-invalid={Boolean(error)}
        {...(error ? { 'aria-describedby': helperId } : {})}
        {...field}
      />
      {error ? (
        <p id={helperId} className="wd-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
};
