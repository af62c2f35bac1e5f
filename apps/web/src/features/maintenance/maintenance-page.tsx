import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { useMaintenanceOverview } from './api/maintenance-api.ts';
import { InMaintenanceTable } from './components/in-maintenance-table.tsx';
import { MaintenanceHistoryTable } from './components/maintenance-history-table.tsx';
import { useLocationTimeZone } from '../../lib/queries/locations.ts';
import { MaintenanceSelection } from './components/maintenance-selection.tsx';
import { Section } from './components/section.tsx';
import { InspectionsSection } from './components/inspections/inspections-section.tsx';
import { useCan } from '../../lib/can.tsx';
import { useT } from '../../i18n/use-t.ts';
import { maintenanceText } from './maintenance-text.ts';

const Overview = ({ locationId }: { locationId: string }) => {
  const overview = useMaintenanceOverview(locationId);
  const timeZone = useLocationTimeZone(locationId);
  const t = useT(maintenanceText);
  if (overview.isPending) return <LinearProgress aria-label={t('overview.loading')} />;
  if (overview.isError && !overview.data)
    return (
      <Alert severity="error">
        {t('overview.error')} {overview.error.message}
      </Alert>
    );
  return (
    <>
      <Section title={t('section.inMaintenance')}>
        <InMaintenanceTable chargers={overview.data.chargers} />
      </Section>
      <Section title={t('section.history')}>
        <MaintenanceHistoryTable history={overview.data.history} timeZone={timeZone} />
      </Section>
    </>
  );
};

/** Maintenance (menu maintenance): take chargers of the selected location out of service and back. */
export const MaintenancePage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  const liveStatus = useLiveChargerFeed(locationId, { enabled: Boolean(locationId) });
  const can = useCan();
  const t = useT(maintenanceText);
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} actions={locationId ? <LiveIndicator status={liveStatus} /> : null} />
      {locationId ? (
        <Box key={locationId}>
          <MaintenanceSelection locationId={locationId} />
          <Overview locationId={locationId} />
          {can('Inspections_View') ? <InspectionsSection locationId={locationId} /> : null}
        </Box>
      ) : (
        <ChooseLocation purpose={t('page.choosePurpose')} />
      )}
    </>
  );
};

export default MaintenancePage;
