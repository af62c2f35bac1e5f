import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

type LoadErrorAlertProps = {
  /** What failed to load, as the sentence's subject: "The sessions". */
  subject: string;
  error: Error;
  onRetry: () => void;
};

/** A list that could not be loaded (and has nothing older to show): why, and a way to try again. */
export const LoadErrorAlert = ({ subject, error, onRetry }: LoadErrorAlertProps) => (
  <Alert
    severity="error"
    sx={{ mb: 2 }}
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        Retry
      </Button>
    }
  >
    {subject} could not be loaded. {error.message}
  </Alert>
);
