import { BATCH_COLUMNS, type BatchRowError, type CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import { MAX_UPLOAD_BYTES } from '@wattdesk/shared/validation';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useImportChargers } from '../api/chargers-api.ts';
import { chargersText, withElement } from '../chargers-text.ts';

/** Charger batch: all rows are registered, or none and every bad row is listed with its problems. */
type BatchImportDialogProps = {
  locationId: string;
  locationName: string;
  onClose: () => void;
  /** The registered chargers with their OCPP passwords (answered this once). */
  onImported?: (chargers: CreatedCharger[]) => void;
};

export const BatchImportDialog = ({ locationId, locationName, onClose, onImported }: BatchImportDialogProps) => {
  const t = useT(chargersText);
  const mutation = useImportChargers();
  return (
    <CsvImportDialog
      title={t('import.title', { location: locationName })}
      help={
        <>
          {withElement(t, 'import.help', 'header', <code key="header">{BATCH_COLUMNS.join(',')}</code>, {
            megabytes: MAX_UPLOAD_BYTES / 1024 / 1024,
          })}
        </>
      }
      upload={mutation}
      onImport={(file) =>
        mutation.mutate(
          { locationId, file },
          {
            onSuccess: ({ created, chargers }) => {
              notifySuccess(t('toast.imported', { count: created, location: locationName }));
              onImported?.(chargers);
              onClose();
            },
          },
        )
      }
      report={{ keyLabel: t('import.keyLabel'), keyOf: (row: BatchRowError) => row.chargerId }}
      onClose={onClose}
    />
  );
};
