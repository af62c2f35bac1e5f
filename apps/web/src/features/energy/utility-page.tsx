import type { UtilityConfig } from '@wattdesk/shared/schemas/utility';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCan } from '../../lib/can.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { useBills, useRemoveUtilityConfig, useUtilityConfigs } from './api/utility-api.ts';
import { EnergySection } from './components/energy-chart.tsx';
import { MetersSection } from './components/meters-section.tsx';
import { MonthlyBills } from './components/monthly-bills.tsx';
import { Section } from './components/section.tsx';
import { UtilityConfigDialog } from './components/utility-config-dialog.tsx';
import { energyText } from './energy-text.ts';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, index) => thisYear - index);

const Bills = ({ config }: { config: UtilityConfig }) => {
  const can = useCan();
  const t = useT(energyText);
  const [year, setYear] = useState(thisYear);
  const bills = useBills(config.id, year);
  return (
    <Section
      title={t('bills.title', { provider: config.provider, account: config.accountNumber })}
      actions={
        <TextField select size="small" label={t('bills.year')} value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {YEARS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {bills.isPending ? <PageLoader label={t('bills.loading')} /> : null}
      {bills.isError ? <LoadErrorAlert subject={t('bills.loadSubject')} error={bills.error} onRetry={() => void bills.refetch()} /> : null}
      {bills.data ? (
        // Keyed by account and year only: a refetch (after an upload, on window focus) must not throw away what the
        // host is typing, nor replace the file input under a pending choice. The bill column reads the fresh data.
        <MonthlyBills key={`${config.id}:${year}`} bills={bills.data} canEdit={can('Utility_Bills_Upload')} />
      ) : null}
    </Section>
  );
};

const Configs = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const t = useT(energyText);
  const configs = useUtilityConfigs(locationId);
  const remove = useRemoveUtilityConfig();
  const [editing, setEditing] = useState<UtilityConfig | 'new' | null>(null);
  const [removing, setRemoving] = useState<UtilityConfig | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  if (configs.isPending) return <PageLoader label={t('configs.loading')} />;
  if (configs.isError) return <LoadErrorAlert subject={t('configs.loadSubject')} error={configs.error} onRetry={() => void configs.refetch()} />;
  const items = configs.data.items;
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  const canChange = can('Utility_Config_Update');
  return (
    <>
      <Section
        title={t('configs.title')}
        actions={
          canChange ? (
            <Button variant="contained" onClick={() => setEditing('new')}>
              {t('configs.add')}
            </Button>
          ) : null
        }
      >
        {items.length ? (
          <Stack spacing={1.5}>
            {items.map((item) => (
              <Stack
                key={item.id}
                direction={{ xs: 'column', md: 'row' }}
                spacing={1}
                sx={{ alignItems: { md: 'center' } }}
                data-testid="utility-config"
              >
                <Typography sx={{ flex: 1 }}>
                  <strong>{item.provider}</strong> ·{' '}
                  {t('configs.details', { account: item.accountNumber, rate: item.rateSchedule, meters: item.meters.join(', ') })}
                </Typography>
                {selected?.id === item.id ? (
                  <Chip size="small" label={t('configs.shownBelow')} />
                ) : (
                  <Button size="small" onClick={() => setSelectedId(item.id)}>
                    {t('configs.showBills')}
                  </Button>
                )}
                {canChange ? (
                  <>
                    <Button size="small" onClick={() => setEditing(item)}>
                      {t('configs.change')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setRemoving(item)}>
                      {t('configs.remove')}
                    </Button>
                  </>
                ) : null}
              </Stack>
            ))}
          </Stack>
        ) : (
          <EmptyState title={t('configs.empty')}>{canChange ? t('configs.emptyHint') : null}</EmptyState>
        )}
      </Section>
      <MetersSection locationId={locationId} />
      {selected ? <Bills key={selected.id} config={selected} /> : null}
      {selected ? (
        <Section title={t('energy.title')}>
          <EnergySection utilityConfigId={selected.id} canImport={can('Utility_Bills_Upload')} />
        </Section>
      ) : null}
      {editing ? <UtilityConfigDialog locationId={locationId} config={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('configs.removeTitle')}
        confirmLabel={t('configs.removeConfirm')}
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        {removing ? t('configs.removeText', { provider: removing.provider, account: removing.accountNumber }) : null}
      </ConfirmDialog>
    </>
  );
};

/** Utility Info (menu utility-info): the location's utility accounts, monthly bills and interval data. */
export const UtilityPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  const t = useT(energyText);
  return (
    <>
      <PageHeader title={t('utility.title')} subtitle={t('utility.subtitle')} />
      {locationId ? <Configs key={locationId} locationId={locationId} /> : <ChooseLocation purpose={t('utility.choosePurpose')} />}
    </>
  );
};

export default UtilityPage;
