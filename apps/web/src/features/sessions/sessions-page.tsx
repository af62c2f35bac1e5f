import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Can } from '../../lib/can.tsx';
import { useLocationTimeZone } from '../../lib/queries/locations.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useExportSessions, useSessions, type SessionFilter } from './api/sessions-api.ts';
import { sessionColumns } from './components/session-columns.tsx';
import { connectorTypeFrom, EMPTY_SESSION_FILTER, statusFrom, SessionFilters, type SessionFilterValues } from './components/session-filters.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { LocationUnpaidSessions } from './components/location-unpaid-sessions.tsx';
import { sessionsText } from './sessions-text.ts';

const toFilter = (locationId: string, values: SessionFilterValues): SessionFilter => ({
  locationId,
  from: values.from || undefined,
  to: values.to || undefined,
  chargerId: values.chargerId || undefined,
  driver: values.driver.trim() || undefined,
  status: values.status || undefined,
  connectorType: values.connectorType || undefined,
});

const SessionList = ({ locationId }: { locationId: string }) => {
  const t = useT(sessionsText);
  const [searchParams, setSearchParams] = useSearchParams();
  // The dashboard's figures link here with their range (from, to) already chosen.
  const [values, setValues] = useState<SessionFilterValues>({
    ...EMPTY_SESSION_FILTER,
    chargerId: searchParams.get('chargerId') ?? '',
    from: searchParams.get('from') ?? '',
    to: searchParams.get('to') ?? '',
    connectorType: connectorTypeFrom(searchParams.get('connectorType')),
    status: statusFrom(searchParams.get('status')),
  });
  const filter = toFilter(locationId, useDebouncedValue(values));
  const table = useServerTable({ sort: '-startedAt', resetOn: filter });
  const sessions = useSessions({ ...filter, ...table.params });
  const timeZone = useLocationTimeZone(locationId);
  const columns = useMemo(() => sessionColumns(t, timeZone), [t, timeZone]);
  const exportCsv = useExportSessions();
  const isFiltered = Boolean(filter.from || filter.to || filter.chargerId || filter.driver || filter.status || filter.connectorType);

  const handleChange = (next: SessionFilterValues) => {
    setValues(next);
    // The address keeps the charger and connector type so a reload or a shared link shows the same list.
    if (next.chargerId !== values.chargerId || next.connectorType !== values.connectorType)
      setSearchParams(
        {
          ...(next.chargerId ? { chargerId: next.chargerId } : {}),
          ...(next.connectorType ? { connectorType: next.connectorType } : {}),
        },
        { replace: true },
      );
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1 }}>
          <SessionFilters locationId={locationId} value={values} onChange={handleChange} />
        </Box>
        <Can permission="Charging_Sessions_Export">
          <Button variant="outlined" startIcon={<DownloadIcon />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filter)}>
            {t('button.export')}
          </Button>
        </Can>
      </Box>
      {sessions.isError && !sessions.data ? (
        <LoadErrorAlert subject={t('page.loadSubject')} error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : null}
      <ServerDataGrid
        label={t('grid.label')}
        rows={sessions.data?.items ?? []}
        columns={columns}
        total={sessions.data?.total ?? 0}
        isLoading={sessions.isFetching}
        {...table.grid}
        noRowsLabel={t(isFiltered ? 'grid.noMatch' : 'grid.empty')}
        getRowHeight={() => 'auto'}
      />
    </Paper>
  );
};

/** /dashboard/sessions: the charging sessions of the selected location, filtered on the server, live. */
export const SessionsPage = () => {
  const t = useT(sessionsText);
  const locationId = useSelectedLocation((state) => state.locationId);
  const liveStatus = useLiveChargerFeed(locationId, { enabled: Boolean(locationId) });
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} actions={locationId ? <LiveIndicator status={liveStatus} /> : null} />
      {locationId ? <SessionList key={locationId} locationId={locationId} /> : <ChooseLocation purpose={t('page.choosePurpose')} />}
      {locationId ? (
        <Box sx={{ mt: 3 }}>
          <LocationUnpaidSessions key={locationId} locationId={locationId} />
        </Box>
      ) : null}
    </>
  );
};
