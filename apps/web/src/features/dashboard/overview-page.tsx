import { CHARGER_STATUSES, DAY_FILTERS } from '@wattdesk/shared/constants';
import { formatNumber } from '@wattdesk/shared/format';
import InsightsIcon from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useSession } from '../../lib/session-store.ts';
import { useDayFilter } from '../../lib/use-day-filter.ts';
import { overviewQueries } from './api/overview-api.ts';

const STATUS_TITLES: Record<(typeof CHARGER_STATUSES)[number], string> = {
  available: 'Available',
  charging: 'Charging',
  offline: 'Offline',
  maintenance: 'In maintenance',
  faulted: 'Faulted',
};

const Kpi = ({ label, value }: { label: string; value: number | undefined }) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
        {value === undefined ? '–' : formatNumber(value)}
      </Typography>
    </CardContent>
  </Card>
);

/** The network at a glance: what is in reach and in what state. Charging statistics join once sessions exist. */
export const OverviewPage = () => {
  const firstName = useSession((state) => state.user?.firstName);
  const locationId = useSelectedLocation((state) => state.locationId);
  const [days] = useDayFilter();
  const dayLabel = DAY_FILTERS.find((filter) => filter.key === days)?.label ?? 'All Days';
  const locations = useQuery(overviewQueries.locations());
  const chargers = useQuery(overviewQueries.chargers(locationId));
  return (
    <>
      <PageHeader title="Dashboard" subtitle={`Welcome back${firstName ? `, ${firstName}` : ''}. ${locationId ? 'The selected location' : 'Every location in your reach'} · ${dayLabel}.`} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)', xl: 'repeat(7, 1fr)' }, mb: 3 }}>
        <Kpi label="Locations in reach" value={locations.data?.total} />
        <Kpi label="Chargers" value={chargers.data?.total} />
        {CHARGER_STATUSES.map((status) => (
          <Kpi key={status} label={STATUS_TITLES[status]} value={chargers.data?.statusCounts[status]} />
        ))}
      </Box>
      <Paper>
        <EmptyState icon={<InsightsIcon />} title="No charging activity recorded yet">
          Energy, sessions and revenue appear here as soon as chargers report charging sessions.
        </EmptyState>
      </Paper>
    </>
  );
};
