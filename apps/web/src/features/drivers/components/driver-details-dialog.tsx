import { formatCount } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import { useState, type ReactNode } from 'react';
import { AccountStatusChip } from '../../../components/account-status-chip.tsx';
import { formatKwh } from '../../../lib/charging-format.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useDriver } from '../api/drivers-api.ts';
import { driversText } from '../drivers-text.ts';
import { roleText, tagText } from './driver-columns.tsx';
import { DriverSessionsTable } from './driver-sessions-table.tsx';

export type DriverTab = { key: string; label: string; render: (driver: Driver) => ReactNode };

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

const costText = (costs: Driver['costs']) => (costs.length ? costs.map((cost) => formatMinor(cost.amountMinor, cost.currency)).join(' + ') : '—');

/**
 * One driver: who they are, their tags and figures (a main user's account: its own and its sub-users'), then sessions and the tabs the screen adds (restrictions, documents). */
export const DriverDetailsDialog = ({
  driverId,
  tabs,
  initialTab = 'sessions',
  onClose,
}: {
  driverId: string;
  tabs: readonly DriverTab[];
  initialTab?: string;
  onClose: () => void;
}) => {
  const t = useT(driversText);
  const driver = useDriver(driverId).data;
  const [tab, setTab] = useState(initialTab);
  const all: DriverTab[] = [
    { key: 'sessions', label: t('tab.sessions'), render: (d) => <DriverSessionsTable driverId={d.id} withSubUsers={d.subUserCount > 0} /> },
    ...tabs,
  ];
  const current = all.find((candidate) => candidate.key === tab) ?? all[0]!;
  return (
    <Dialog open onClose={onClose} aria-labelledby="driver-details-title" fullWidth maxWidth="lg">
      <DialogTitle id="driver-details-title">{driver ? `${driver.firstName} ${driver.lastName}` : t('details.title')}</DialogTitle>
      <DialogContent>
        {driver ? (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2, mb: 2 }}>
              <Fact label={t('details.email')}>{driver.email}</Fact>
              <Fact label={t('details.phone')}>{driver.phoneNumber || '—'}</Fact>
              <Fact label={t('details.status')}>
                <AccountStatusChip status={driver.status} />
              </Fact>
              <Fact label={t('details.role')}>{roleText(t, driver)}</Fact>
              <Fact label={t('details.sessions')}>{formatCount(driver.sessionCount)}</Fact>
              <Fact label={t('details.energy')}>{formatKwh(driver.energyKwh)}</Fact>
              <Fact label={t('details.cost')}>{costText(driver.costs)}</Fact>
              {driver.account && driver.subUserCount > 0 ? (
                <>
                  <Fact label={t('details.subUsers')}>{formatCount(driver.subUserCount)}</Fact>
                  <Fact label={t('details.accountSessions')}>{formatCount(driver.account.sessionCount)}</Fact>
                  <Fact label={t('details.accountEnergy')}>{formatKwh(driver.account.energyKwh)}</Fact>
                  <Fact label={t('details.accountCost')}>{costText(driver.account.costs)}</Fact>
                </>
              ) : null}
              <Fact label={t('details.idTags')}>
                {driver.idTags.length
                  ? driver.idTags.map((tag) => <Chip key={tag.id} size="small" sx={{ mr: 0.5 }} label={tagText(t, tag)} />)
                  : t('details.noTags')}
              </Fact>
            </Box>
            <Tabs value={current.key} onChange={(_event, key: string) => setTab(key)} aria-label={t('details.sections')}>
              {all.map((candidate) => (
                <Tab
                  key={candidate.key}
                  value={candidate.key}
                  label={candidate.label}
                  id={`driver-tab-${candidate.key}`}
                  aria-controls={`driver-panel-${candidate.key}`}
                  autoFocus={candidate.key === current.key}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`driver-panel-${current.key}`} aria-labelledby={`driver-tab-${current.key}`} sx={{ pt: 2 }}>
              {current.render(driver)}
            </Box>
          </>
        ) : (
          <Typography>{t('common.loading')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('details.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
