import { BATCH_COLUMNS, type BatchRowError, type CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import { MAX_UPLOAD_BYTES } from '@wattdesk/shared/validation';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useImportChargers } from '../api/chargers-api.ts';

/** Charger batch: all rows are registered, or none and every bad row is listed with its problems. */
type BatchImportDialogProps = {
  locationId: string;
  locationName: string;
  onClose: () => void;
  /** The registered chargers with their OCPP passwords (answered this once). */
  onImported?: (chargers: CreatedCharger[]) => void;
};

export const BatchImportDialog = ({ locationId, locationName, onClose, onImported }: BatchImportDialogProps) => {
  const mutation = useImportChargers();
  return (
    <CsvImportDialog
      title={`Import chargers to ${locationName}`}
      help={
        <>
          A CSV file with the header <code>{BATCH_COLUMNS.join(',')}</code>. Separate several connector types with “;”. Leave ocppPassword empty to
          have one generated. Up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB.
        </>
      }
      upload={mutation}
      onImport={(file) =>
        mutation.mutate(
          { locationId, file },
          {
            onSuccess: ({ created, chargers }) => {
              notifySuccess(`${created} chargers registered at ${locationName}`);
              onImported?.(chargers);
              onClose();
            },
          },
        )
      }
      report={{ keyLabel: 'Charger id', keyOf: (row: BatchRowError) => row.chargerId }}
      onClose={onClose}
    />
  );
};
