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
import { useBills, useRemoveUtilityConfig, useUtilityConfigs } from './api/utility-api.ts';
import { EnergySection } from './components/energy-chart.tsx';
import { MetersSection } from './components/meters-section.tsx';
import { MonthlyBills } from './components/monthly-bills.tsx';
import { Section } from './components/section.tsx';
import { UtilityConfigDialog } from './components/utility-config-dialog.tsx';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, index) => thisYear - index);

const Bills = ({ config }: { config: UtilityConfig }) => {
  const can = useCan();
  const [year, setYear] = useState(thisYear);
  const bills = useBills(config.id, year);
  return (
    <Section
      title={`Bills: ${config.provider} ${config.accountNumber}`}
      actions={
        <TextField select size="small" label="Year" value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {YEARS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {bills.isPending ? <PageLoader label="Loading the bills" /> : null}
      {bills.isError ? <LoadErrorAlert subject="The bills" error={bills.error} onRetry={() => void bills.refetch()} /> : null}
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
  const configs = useUtilityConfigs(locationId);
  const remove = useRemoveUtilityConfig();
  const [editing, setEditing] = useState<UtilityConfig | 'new' | null>(null);
  const [removing, setRemoving] = useState<UtilityConfig | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  if (configs.isPending) return <PageLoader label="Loading the utility configs" />;
  if (configs.isError) return <LoadErrorAlert subject="The utility configs" error={configs.error} onRetry={() => void configs.refetch()} />;
  const items = configs.data.items;
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  const canChange = can('Utility_Config_Update');
  return (
    <>
      <Section
        title="Utility configs"
        actions={
          canChange ? (
            <Button variant="contained" onClick={() => setEditing('new')}>
              Add utility config
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
                  <strong>{item.provider}</strong> · account {item.accountNumber} · rate {item.rateSchedule} · meters {item.meters.join(', ')}
                </Typography>
                {selected?.id === item.id ? (
                  <Chip size="small" label="Shown below" />
                ) : (
                  <Button size="small" onClick={() => setSelectedId(item.id)}>
                    Show bills
                  </Button>
                )}
                {canChange ? (
                  <>
                    <Button size="small" onClick={() => setEditing(item)}>
                      Change
                    </Button>
                    <Button size="small" color="error" onClick={() => setRemoving(item)}>
                      Remove
                    </Button>
                  </>
                ) : null}
              </Stack>
            ))}
          </Stack>
        ) : (
          <EmptyState title="No utility config yet">{canChange ? 'Add the utility account of this location to enter its bills.' : null}</EmptyState>
        )}
      </Section>
      <MetersSection locationId={locationId} />
      {selected ? <Bills key={selected.id} config={selected} /> : null}
      {selected ? (
        <Section title="Energy data">
          <EnergySection utilityConfigId={selected.id} canImport={can('Utility_Bills_Upload')} />
        </Section>
      ) : null}
      {editing ? <UtilityConfigDialog locationId={locationId} config={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={Boolean(removing)}
        title="Remove utility config?"
        confirmLabel="Remove"
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        {removing ? `${removing.provider} account ${removing.accountNumber} is removed with its bills and interval data.` : null}
      </ConfirmDialog>
    </>
  );
};

/** Utility Info (menu utility-info): the location's utility accounts, monthly bills and interval data. */
export const UtilityPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId);
  return (
    <>
      <PageHeader title="Utility Info" subtitle="The location's utility accounts, meters, monthly bills and interval data." />
      {locationId ? <Configs key={locationId} locationId={locationId} /> : <ChooseLocation purpose="see its utility accounts" />}
    </>
  );
};

export default UtilityPage;
