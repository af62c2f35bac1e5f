import { DRIVER_IMPORT_COLUMNS, type DriverImportRowError } from '@wattdesk/shared/schemas/drivers';
import { MAX_UPLOAD_BYTES } from '@wattdesk/shared/validation';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import { useImportDrivers } from '../api/drivers-api.ts';

/** CSV import: every row is registered, or none and each bad row is listed with its problems. */
export const DriverImportDialog = ({ locationId, locationName, onClose }: { locationId: string; locationName: string; onClose: () => void }) => {
  const mutation = useImportDrivers();
  return (
    <CsvImportDialog
      title={`Import drivers to ${locationName}`}
      help={
        <>
          A CSV file with the header <code>{DRIVER_IMPORT_COLUMNS.join(',')}</code>. role is user or sub-user; a sub-user names its main user’s e-mail
          in mainUserEmail. Separate several ID tags with “;” and write an app token as <code>app:TOKEN</code>. Every driver gets an invitation
          e-mail. Up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB.
        </>
      }
      upload={mutation}
      onImport={(file) => mutation.mutate({ locationId, file }, { onSuccess: onClose })}
      report={{ keyLabel: 'E-mail', keyOf: (row: DriverImportRowError) => row.email }}
      onClose={onClose}
    />
  );
};
