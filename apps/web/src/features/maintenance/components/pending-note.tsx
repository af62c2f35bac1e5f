import type { MaintenanceResult } from '@wattdesk/shared/schemas/charging';
import Alert from '@mui/material/Alert';

/** Which chargers of the last change were offline: they are switched when they reconnect. */
export const PendingNote = ({ result, onDismiss }: { result: MaintenanceResult; onDismiss: () => void }) =>
  result.pending.length ? (
    <Alert severity="info" onClose={onDismiss} sx={{ mb: 2 }}>
      {result.pending.map((charger) => charger.chargerId).join(', ')} {result.pending.length === 1 ? 'is' : 'are'} offline: the change is applied when{' '}
      {result.pending.length === 1 ? 'it reconnects' : 'they reconnect'}.
    </Alert>
  ) : null;
