import { DRIVER_IMPORT_COLUMNS, type DriverImportRowError } from '@wattdesk/shared/schemas/drivers';
import { MAX_UPLOAD_BYTES } from '@wattdesk/shared/validation';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useImportDrivers } from '../api/drivers-api.ts';
import { driversText } from '../drivers-text.ts';

// The file's syntax, the same in every language.
const APP_TOKEN_SYNTAX = 'app:TOKEN';

/** CSV import: every row is registered, or none and each bad row is listed with its problems. */
export const DriverImportDialog = ({ locationId, locationName, onClose }: { locationId: string; locationName: string; onClose: () => void }) => {
  const t = useT(driversText);
  const mutation = useImportDrivers();
  return (
    <CsvImportDialog
      title={t('import.title', { location: locationName })}
      help={
        <>
          {t('import.helpHeader')} <code>{DRIVER_IMPORT_COLUMNS.join(',')}</code>. {t('import.helpRoles')} <code>{APP_TOKEN_SYNTAX}</code>.{' '}
          {t('import.helpInvitation', { size: MAX_UPLOAD_BYTES / 1024 / 1024 })}
        </>
      }
      upload={mutation}
      onImport={(file) => mutation.mutate({ locationId, file }, { onSuccess: onClose })}
      report={{ keyLabel: t('import.keyLabel'), keyOf: (row: DriverImportRowError) => row.email }}
      onClose={onClose}
    />
  );
};
