import { CHARGER_KINDS, type ChargerKind, type ChargerStatus } from '@wattdesk/shared/constants';
import EvStationIcon from '@mui/icons-material/EvStation';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { useChargers } from '../../lib/queries/chargers.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { ChargerCard } from './components/charger-card.tsx';
import { SessionsLink } from '../../components/charger/sessions-link.tsx';
import { StatusCards } from './components/status-cards.tsx';
import { NetworkMapSection } from './components/network-map-section.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { useT } from '../../i18n/use-t.ts';
import { controlCenterText } from './control-center-text.ts';

const PAGE_SIZE = 24;
/** The live feed refetches on every charger message; this slow poll only covers a feed that is down. */
const FALLBACK_REFRESH_MS = 30_000;

type ControlCenterPageProps = {
  /** One charger's details and actions: the chargers feature's dialog, handed in by the app (features do not import each other). */
  renderChargerDetails: (chargerId: string, onClose: () => void) => ReactNode;
};

/** /dashboard/control-center: every charger of the selected location (or of all in reach) as it is now. */
export const ControlCenterPage = ({ renderChargerDetails }: ControlCenterPageProps) => {
  const locationId = useSelectedLocation((state) => state.locationId);
  const t = useT(controlCenterText);
  const [status, setStatus] = useState<ChargerStatus | null>(null);
  const [kind, setKind] = useState<ChargerKind | ''>('');
  const [searchInput, setSearchInput] = useState('');
  const search = useDeferredValue(searchInput.trim());
  const [openId, setOpenId] = useState<string | null>(null);
  const liveStatus = useLiveChargerFeed(locationId);
  const table = useServerTable({ pageSize: PAGE_SIZE, resetOn: [status, kind, search] });
  const chargers = useChargers(
    {
      locationId: locationId ?? undefined,
      status: status ?? undefined,
      kind: kind || undefined,
      search: search || undefined,
      sort: 'name',
      ...table.params,
    },
    { refetchInterval: FALLBACK_REFRESH_MS },
  );
  const pageCount = Math.max(1, Math.ceil((chargers.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={locationId ? t('subtitle.selected') : t('subtitle.all')}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <LiveIndicator status={liveStatus} />
            {locationId ? <SessionsLink /> : null}
          </Box>
        }
      />
      <StatusCards counts={chargers.data?.statusCounts} selected={status} onSelect={setStatus} />
      <NetworkMapSection />
      <Paper sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          margin="none"
          size="small"
          sx={{ flex: 1, minWidth: 220 }}
        />
        <TextField
          select
          label={t('kind.label')}
          value={kind}
          onChange={(event) => setKind(event.target.value as ChargerKind | '')}
          margin="none"
          size="small"
          sx={{ width: 160 }}
        >
          <MenuItem value="">{t('kind.all')}</MenuItem>
          {CHARGER_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {value.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      {chargers.isPending ? (
        <PageLoader label={t('loading')} />
      ) : chargers.isError && !chargers.data ? (
        <LoadErrorAlert subject={t('loadError.subject')} error={chargers.error} onRetry={() => void chargers.refetch()} />
      ) : !chargers.data?.items.length ? (
        <Paper>
          <EmptyState icon={<EvStationIcon />} title={status || kind || search ? t('empty.filteredTitle') : t('empty.title')}>
            {status || kind || search ? t('empty.filteredBody') : t('empty.body')}
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
            <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{t('total', { count: chargers.data.total })}</Box>
            {pageCount > 1 ? (
              <Pagination count={pageCount} page={table.params.page} onChange={(event, value) => table.pagination.onPageChange(event, value - 1)} />
            ) : null}
          </Box>
        </>
      )}
      {openId ? renderChargerDetails(openId, () => setOpenId(null)) : null}
    </>
  );
};
