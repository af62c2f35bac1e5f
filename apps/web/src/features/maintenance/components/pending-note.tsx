import type { MaintenanceResult } from '@wattdesk/shared/schemas/charging';
import Alert from '@mui/material/Alert';
import { useT } from '../../../i18n/use-t.ts';
import { maintenanceText } from '../maintenance-text.ts';

/** Which chargers of the last change were offline: they are switched when they reconnect. */
export const PendingNote = ({ result, onDismiss }: { result: MaintenanceResult; onDismiss: () => void }) => {
  const t = useT(maintenanceText);
  return result.pending.length ? (
    <Alert severity="info" onClose={onDismiss} sx={{ mb: 2 }}>
      {t('pending.note', { count: result.pending.length, ids: result.pending.map((charger) => charger.chargerId).join(', ') })}
    </Alert>
  ) : null;
};
