import Alert from '@mui/material/Alert';
import { useT } from '../../i18n/use-t.ts';
import { commonText } from '../common-text.ts';
import Button from '@mui/material/Button';

type LoadErrorAlertProps = {
  /** What failed to load, as the sentence's subject: "The sessions". */
  subject: string;
  error: Error;
  onRetry: () => void;
};

/** A list that could not be loaded (and has nothing older to show): why, and a way to try again. */
export const LoadErrorAlert = ({ subject, error, onRetry }: LoadErrorAlertProps) => {
  const t = useT(commonText);
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {t('loadError.body', { subject })} {error.message}
    </Alert>
  );
};
