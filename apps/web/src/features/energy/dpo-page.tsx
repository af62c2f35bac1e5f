import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useLiveChargerFeed } from '../../lib/use-live-charger-feed.ts';
import { useDpoOverview } from './api/dpo-api.ts';
import { AllocationTable } from './components/allocation-table.tsx';
import { GridForm } from './components/grid-form.tsx';
import { LimitForm } from './components/limit-form.tsx';
import { MeshSection } from './components/mesh-section.tsx';
import { formatKw, Section } from './components/section.tsx';

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <div>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h5" component="p" data-testid={testId}>
      {value}
    </Typography>
  </div>
);

const DpoScreen = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const overview = useDpoOverview(locationId);
  const live = useLiveChargerFeed(locationId);
  if (overview.isPending) return <PageLoader label="Loading dynamic power" />;
  if (overview.isError) return <LoadErrorAlert subject="Dynamic power" error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  const settingsKey = JSON.stringify(data.settings);
  return (
    <>
      <Section title="Now" actions={<LiveIndicator status={live} />}>
        <Stack direction="row" spacing={5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Limit in force" value={data.effectiveLimitKw === null ? 'No limit' : formatKw(data.effectiveLimitKw)} testId="dpo-limit" />
          <Figure label="Allocated" value={formatKw(data.allocatedKw)} testId="dpo-allocated" />
          <Figure label="Actual" value={formatKw(data.actualKw)} testId="dpo-actual" />
          <Figure label="Grid capacity" value={formatKw(data.gridCapacityKw)} testId="dpo-grid" />
        </Stack>
      </Section>
      <LimitForm key={settingsKey} overview={data} isReadOnly={!can('DPO_Update')} />
      {can('Power_Grid_View') || can('Power_Grid_Update') ? (
        <GridForm key={JSON.stringify(data.grid)} overview={data} isReadOnly={!can('Power_Grid_Update')} />
      ) : null}
      <AllocationTable overview={data} canEdit={can('DPO_Update')} />
      {can('Mesh_Config_View') ? <MeshSection locationId={locationId} canEdit={can('Mesh_Config_Update')} /> : null}
    </>
  );
};

/** Dynamic Power (menu dpo): the location's limit, grid and mesh, and each charger's share, live. */
export const DpoPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  return (
    <>
      <PageHeader title="Dynamic Power" subtitle="Keep the chargers of a location under the power its supply can give." />
      {locationId ? <DpoScreen key={locationId} locationId={locationId} /> : <ChooseLocation purpose="see and set its power limit" />}
    </>
  );
};

export default DpoPage;
