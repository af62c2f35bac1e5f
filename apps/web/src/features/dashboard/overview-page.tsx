import InsightsIcon from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { Suspense, useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCan } from '../../lib/can.tsx';
import { lazyScreen } from '../../lib/lazy-with-timeout.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useSession } from '../../lib/session-store.ts';
import { useDayFilter } from '../../lib/use-day-filter.ts';
import { useT } from '../../i18n/use-t.ts';
import { useOverview, useResellerRevenue } from './api/dashboard-api.ts';
import { EnergyChart } from './components/energy-chart.tsx';
import { FiguresGrid } from './components/figures-grid.tsx';
import { HeatMap } from './components/heat-map.tsx';
import { RangeBar } from './components/range-bar.tsx';
import { dayFilterKey } from './components/day-filter.tsx';
import { ConnectorTypes, Rankings } from './components/rankings.tsx';
import { ReportsPanel } from './components/reports-panel.tsx';
import { dashboardText } from './dashboard-text.ts';
import { presetRange, todayIn, type DayRange, type RangePreset } from './range.ts';

// Only resellers see it: its table loads with it, not with every user's dashboard (issue 18).
const ResellerCard = lazyScreen(() => import('./components/reseller-card.tsx'), 'ResellerCard');

/**
 * How the network is doing over a range of the locations' own days and the Day filter: figures with
 * their change, charts, the reseller's revenue and the reports. Every figure comes from the server's rollups.
 */
export const OverviewPage = () => {
  const firstName = useSession((state) => state.user?.firstName);
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  const [dayFilter] = useDayFilter();
  const can = useCan();
  const t = useT(dashboardText);
  const [preset, setPreset] = useState<RangePreset>('30d');
  const [zone, setZone] = useState<string | undefined>(undefined);
  const [custom, setCustom] = useState<DayRange>(() => presetRange('30d', todayIn(undefined)));
  const range = preset === 'custom' ? custom : presetRange(preset, todayIn(zone));
  const params = { ...range, dayFilter, ...(locationId ? { locationId } : {}) };
  const overview = useOverview(params);
  const reseller = useResellerRevenue(params, can('Reseller_Revenue_View'));
  const data = overview.data;
  // The location's own "today" once its zone is known (every location: the browser's).
  const answeredZone = data?.timeZone ?? undefined;
  if (answeredZone !== zone && (data || !locationId)) setZone(answeredZone);
  // Links carry the selected location and range: while the previous answer is still shown (a location or range just
  // changed) its chargers and counts would not match where the link leads, so there are none until the answer fits.
  const linksToSessions = Boolean(locationId) && can('Charging_Sessions_View') && !overview.isPlaceholderData;
  const isEmpty = data && data.figures.sessions.current === 0 && data.figures.sessions.previous === 0;
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', {
          welcome: firstName ? t('subtitle.welcomeName', { name: firstName }) : t('subtitle.welcome'),
          scope: locationId ? t('subtitle.selectedLocation') : t('subtitle.everyLocation'),
          from: range.from,
          to: range.to,
          days: t(dayFilterKey(dayFilter)),
          zone: data?.timeZone ? t('subtitle.timesIn', { zone: data.timeZone }) : t('subtitle.ownTimeZones'),
        })}
      />
      <RangeBar
        preset={preset}
        range={range}
        onPreset={(next) => {
          if (next === 'custom') setCustom(range);
          setPreset(next);
        }}
        onCustom={setCustom}
      />
      {overview.isFetching ? <LinearProgress aria-label={t('loadingFigures')} sx={{ mb: 1 }} /> : null}
      <FiguresGrid overview={data} range={range} />
      {can('Reseller_Revenue_View') ? (
        <Box sx={{ mb: 3 }}>
          <Suspense fallback={null}>
            <ResellerCard revenue={reseller.data} />
          </Suspense>
        </Box>
      ) : null}
      {isEmpty ? (
        <Paper sx={{ mb: 3 }}>
          <EmptyState icon={<InsightsIcon />} title={t('empty.title')}>
            {t('empty.body')}
          </EmptyState>
        </Paper>
      ) : data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, mb: 3 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <EnergyChart series={data.series} currency={data.figures.revenue[0]?.currency} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <HeatMap cells={data.heatMap} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Rankings
              overview={data}
              showLocation={!locationId}
              sessionsOf={linksToSessions ? (id) => `/dashboard/sessions?chargerId=${id}&from=${range.from}&to=${range.to}` : undefined}
            />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ConnectorTypes
              types={data.connectorTypes}
              sessionsOf={
                linksToSessions
                  ? (type) =>
                      // The bars count completed sessions (the rollup is written when a session stops).
                      `/dashboard/sessions?connectorType=${encodeURIComponent(type)}&status=completed&from=${range.from}&to=${range.to}`
                  : undefined
              }
            />
          </Paper>
        </Box>
      ) : null}
      <ReportsPanel range={params} locationId={locationId} />
    </>
  );
};
