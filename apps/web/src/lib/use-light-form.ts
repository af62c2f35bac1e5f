import { useState, type ChangeEvent, type FormEvent } from 'react';

type Values<K extends string> = Record<K, string>;
type Rules<K extends string> = Record<K, (value: string, values: Values<K>) => string | undefined>;
type Errors<K extends string> = Partial<Record<K, string>>;

const validateAll = <K extends string>(values: Values<K>, rules: Rules<K>): Errors<K> => {
  const errors: Errors<K> = {};
  for (const name of Object.keys(rules) as K[]) {
    const message = rules[name](values[name], values);
    if (message) errors[name] = message;
  }
  return errors;
};

/**
 * A small form state for the pages outside the dashboard (sign-in, reset, agreement), whose JavaScript
 * budget has no room for a form library. Fields validate on submit, then again on every change.
 */
export const useLightForm = <K extends string>(initial: Values<K>, rules: Rules<K>) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (isSubmitted) setErrors(validateAll(next, rules));
    },
  });

  const handleSubmit = (onValid: (values: Values<K>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validateAll(values, rules);
    setErrors(found);
    const firstInvalid = (Object.keys(rules) as K[]).find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onValid(values);
  };

  return { values, errors, field, handleSubmit };
};
