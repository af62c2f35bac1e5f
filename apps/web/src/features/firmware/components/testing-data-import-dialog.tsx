import { formatCount } from '@wattdesk/shared/format';
import { TEST_DATA_COLUMNS, TEST_DATA_MAX_ROWS, type TestDataRowError } from '@wattdesk/shared/schemas/manufacturing';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import { useImportTestData } from '../api/manufacturing-api.ts';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

/** Testing-data import: every row is stored, or none and each refused row is listed with its problems. */
export const TestingDataImportDialog = ({ onClose }: { onClose: () => void }) => {
  const t = useT(firmwareText);
  const mutation = useImportTestData();
  return (
    <CsvImportDialog
      title={t('import.title')}
      help={
        <>
          {t('import.helpBefore')} <code>{TEST_DATA_COLUMNS.join(',')}</code>
          {t('import.helpAfter', { rows: formatCount(TEST_DATA_MAX_ROWS) })}
        </>
      }
      upload={mutation}
      onImport={(file) => mutation.mutate(file, { onSuccess: onClose })}
      report={{
        keyLabel: t('import.serialNumber'),
        keyOf: (row: TestDataRowError) => row.serialNumber,
        formatRowNumber: formatCount,
      }}
      onClose={onClose}
    />
  );
};
