import type { ChargerLogFilter } from '@wattdesk/shared/schemas/charger-log';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useMemo, useState } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Can } from '../../lib/can.tsx';
import { useLocationTimeZone } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useT } from '../../i18n/use-t.ts';
import { useChargerLog, useExportChargerLog } from './api/charger-logs-api.ts';
import { chargerLogsText } from './charger-logs-text.ts';
import { chargerLogColumns } from './components/charger-log-columns.tsx';
import { ChargerLogFilters, EMPTY_CHARGER_LOG_FILTER, type ChargerLogFilterValues } from './components/charger-log-filters.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';

const toFilter = (locationId: string, values: ChargerLogFilterValues): ChargerLogFilter => ({
  locationId,
  chargerId: values.chargerId || undefined,
  kind: values.kind || undefined,
  from: values.from || undefined,
  to: values.to || undefined,
  search: values.search.trim() || undefined,
});

const ChargerLogList = ({ locationId }: { locationId: string }) => {
  const t = useT(chargerLogsText);
  const [values, setValues] = useState<ChargerLogFilterValues>(EMPTY_CHARGER_LOG_FILTER);
  const filter = toFilter(locationId, useDebouncedValue(values));
  const table = useServerTable({ resetOn: filter });
  const log = useChargerLog({ ...filter, ...table.params });
  const timeZone = useLocationTimeZone(locationId);
  const columns = useMemo(() => chargerLogColumns(t, timeZone), [t, timeZone]);
  const exportCsv = useExportChargerLog();
  const isFiltered = Boolean(filter.chargerId || filter.kind || filter.from || filter.to || filter.search);

  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1 }}>
          <ChargerLogFilters locationId={locationId} value={values} onChange={setValues} />
        </Box>
        <Can permission="Logs_Export">
          <Button variant="outlined" startIcon={<DownloadIcon />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
            {t('button.export')}
          </Button>
        </Can>
      </Box>
      {log.isError && !log.data ? <LoadErrorAlert subject={t('page.loadSubject')} error={log.error} onRetry={() => void log.refetch()} /> : null}
      <ServerDataGrid
        label={t('grid.label')}
        rows={log.data?.items ?? []}
        columns={columns}
        total={log.data?.total ?? 0}
        // Not on the background refetches (live, polling): only while a page or filter change is loading.
        isLoading={log.isFetching && (log.isPlaceholderData || !log.data)}
        {...table.grid}
        noRowsLabel={isFiltered ? t('grid.noMatch') : t('grid.empty')}
        getRowHeight={() => 'auto'}
      />
    </Paper>
  );
};

/** /dashboard/logs (menu logs): the log of the selected location's chargers, filtered on the server, live. */
export const ChargerLogsPage = () => {
  const t = useT(chargerLogsText);
  const locationId = useSelectedLocation((state) => state.locationId);
  const liveStatus = useLiveChargerFeed(locationId, { enabled: Boolean(locationId) });
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} actions={locationId ? <LiveIndicator status={liveStatus} /> : null} />
      {locationId ? <ChargerLogList key={locationId} locationId={locationId} /> : <ChooseLocation purpose={t('page.choosePurpose')} />}
    </>
  );
};
