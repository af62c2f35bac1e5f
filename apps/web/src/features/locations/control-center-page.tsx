import { CHARGER_KINDS, type ChargerStatus } from '@wattdesk/shared/constants';
import { formatNumber } from '@wattdesk/shared/format';
import EvStationIcon from '@mui/icons-material/EvStation';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { chargerQueries } from './api/chargers-api.ts';
import { ChargerCard } from './components/charger-card.tsx';
import { ChargerDetailsDialog } from './components/charger-details-dialog.tsx';
import { SessionsLink } from './components/sessions-link.tsx';
import { StatusCards } from './components/status-cards.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';

const PAGE_SIZE = 24;
/** The live feed refetches on every charger message; this slow poll only covers a feed that is down. */
const FALLBACK_REFRESH_MS = 30_000;

export const ControlCenterPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  const [status, setStatus] = useState<ChargerStatus | null>(null);
  const [kind, setKind] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const liveStatus = useLiveChargerFeed(locationId);
  const params = { locationId: locationId ?? undefined, status: status ?? undefined, kind: kind || undefined, search: search || undefined, page, pageSize: PAGE_SIZE, sort: 'name' };
  const chargers = useQuery(chargerQueries.list(params, { refetchInterval: FALLBACK_REFRESH_MS }));
  const pageCount = Math.max(1, Math.ceil((chargers.data?.total ?? 0) / PAGE_SIZE));
  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title="Control Center"
        subtitle={locationId ? 'Chargers at the selected location' : 'Chargers at every location in your reach'}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <LiveIndicator status={liveStatus} />
            {locationId ? <SessionsLink /> : null}
          </Box>
        }
      />
      <StatusCards counts={chargers.data?.statusCounts} selected={status} onSelect={resetPage(setStatus)} />
      <Paper sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField label="Search chargers" placeholder="Name, charger id or model" value={searchInput} onChange={(event) => resetPage(setSearchInput)(event.target.value)} margin="none" size="small" sx={{ flex: 1, minWidth: 220 }} />
        <TextField select label="Kind" value={kind} onChange={(event) => resetPage(setKind)(event.target.value)} margin="none" size="small" sx={{ width: 160 }}>
          <MenuItem value="">All kinds</MenuItem>
          {CHARGER_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {value.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {chargers.isPending ? (
        <PageLoader label="Loading chargers" />
      ) : chargers.isError && !chargers.data ? (
        <LoadErrorAlert subject="The chargers" error={chargers.error} onRetry={() => void chargers.refetch()} />
      ) : !chargers.data?.items.length ? (
        <Paper>
          <EmptyState icon={<EvStationIcon />} title={status || kind || search ? 'No charger matches these filters' : 'No chargers here yet'}>
            {status || kind || search ? 'Clear a filter to see more chargers.' : 'Chargers appear here once they are registered in Assets.'}
          </EmptyState>
        </Paper>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
            {chargers.data.items.map((charger) => (
              <ChargerCard key={charger.id} charger={charger} showLocation={!locationId} onOpen={(chosen) => setOpenId(chosen.id)} />
            ))}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 2 }}>
            <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{formatNumber(chargers.data.total)} chargers</Box>
            {pageCount > 1 ? <Pagination count={pageCount} page={page} onChange={(_event, value) => setPage(value)} /> : null}
          </Box>
        </>
      )}
      {openId ? <ChargerDetailsDialog chargerId={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
};
