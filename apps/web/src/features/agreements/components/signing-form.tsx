import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { agreementsText } from '../agreements-text.ts';

/** The eSignature consent, its checkbox, and Submit: disabled until ticked, 'Submitting...' while busy. */
export const SigningForm = ({ isSubmitting, onSubmit }: { isSubmitting: boolean; onSubmit: () => void }) => {
  const t = useT(agreementsText);
  const [hasConsented, setHasConsented] = useState(false);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (hasConsented && !isSubmitting) onSubmit();
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 3 }}>
        {t('signing.consentTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" id="esignature-consent" sx={{ mt: 1 }}>
        {t('signing.consent')}
      </Typography>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={hasConsented} onChange={(event) => setHasConsented(event.target.checked)} disabled={isSubmitting} />}
        label={t('signing.agree')}
      />
      <Button type="submit" variant="contained" size="large" disabled={!hasConsented || isSubmitting} sx={{ mt: 2, display: 'block', minWidth: 160 }}>
        {isSubmitting ? t('signing.submitting') : t('signing.submit')}
      </Button>
    </form>
  );
};
