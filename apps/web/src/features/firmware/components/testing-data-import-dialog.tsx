import { formatCount } from '@wattdesk/shared/format';
import { TEST_DATA_COLUMNS, TEST_DATA_MAX_ROWS, type TestDataRowError } from '@wattdesk/shared/schemas/manufacturing';
import { CsvImportDialog } from '../../../components/csv-import-dialog.tsx';
import { useImportTestData } from '../api/manufacturing-api.ts';

/** Testing-data import: every row is stored, or none and each refused row is listed with its problems. */
export const TestingDataImportDialog = ({ onClose }: { onClose: () => void }) => {
  const mutation = useImportTestData();
  return (
    <CsvImportDialog
      title="Import testing data"
      help={
        <>
          A CSV file with the header <code>{TEST_DATA_COLUMNS.join(',')}</code>, one test of one charger a row (result pass or fail, testedAt such as
          2026-11-02T08:15:00Z), up to {formatCount(TEST_DATA_MAX_ROWS)} rows and 2 MB. Chargers are matched by serial number; if any row is refused,
          nothing is imported.
        </>
      }
      upload={mutation}
      onImport={(file) => mutation.mutate(file, { onSuccess: onClose })}
      report={{
        keyLabel: 'Serial number',
        keyOf: (row: TestDataRowError) => row.serialNumber,
        formatRowNumber: formatCount,
      }}
      onClose={onClose}
    />
  );
};
