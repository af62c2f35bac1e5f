import Alert from '@mui/material/Alert';
import { useLastCommandOutcome } from '../api/charger-actions-api.ts';

/**
 * The answer to the latest command, inside the charger's dialog: toasts sit outside the modal, where
 * screen readers do not reach while it is open. A status region, so each new answer is announced.
 */
export const LastCommandStatus = ({ chargerId }: { chargerId: string }) => {
  const outcome = useLastCommandOutcome(chargerId);
  return (
    <div role="status" aria-live="polite" data-testid="last-command">
      {outcome ? (
        <Alert severity={outcome.isError ? 'error' : 'info'} variant="outlined" sx={{ mb: 2 }} role="presentation">
          {outcome.message}
        </Alert>
      ) : null}
    </div>
  );
};
