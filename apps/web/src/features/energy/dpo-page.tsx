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
import { useT } from '../../i18n/use-t.ts';
import { useDpoOverview } from './api/dpo-api.ts';
import { AllocationTable } from './components/allocation-table.tsx';
import { GridForm } from './components/grid-form.tsx';
import { LimitForm } from './components/limit-form.tsx';
import { MeshSection } from './components/mesh-section.tsx';
import { formatKw, Section } from './components/section.tsx';
import { energyText } from './energy-text.ts';

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
  const t = useT(energyText);
  const overview = useDpoOverview(locationId);
  const live = useLiveChargerFeed(locationId);
  if (overview.isPending) return <PageLoader label={t('dpo.loading')} />;
  if (overview.isError) return <LoadErrorAlert subject={t('dpo.loadSubject')} error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  const settingsKey = JSON.stringify(data.settings);
  return (
    <>
      <Section title={t('now.title')} actions={<LiveIndicator status={live} />}>
        <Stack direction="row" spacing={5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure
            label={t('now.limit')}
            value={data.effectiveLimitKw === null ? t('now.noLimit') : formatKw(data.effectiveLimitKw)}
            testId="dpo-limit"
          />
          <Figure label={t('now.allocated')} value={formatKw(data.allocatedKw)} testId="dpo-allocated" />
          <Figure label={t('now.actual')} value={formatKw(data.actualKw)} testId="dpo-actual" />
          <Figure label={t('now.grid')} value={formatKw(data.gridCapacityKw)} testId="dpo-grid" />
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
  const t = useT(energyText);
  return (
    <>
      <PageHeader title={t('dpo.title')} subtitle={t('dpo.subtitle')} />
      {locationId ? <DpoScreen key={locationId} locationId={locationId} /> : <ChooseLocation purpose={t('dpo.choosePurpose')} />}
    </>
  );
};

export default DpoPage;
