import type { ActiveSession, ConnectorState } from '@wattdesk/shared/schemas/charging';
import type { Charger } from '@wattdesk/shared/schemas/chargers';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useCan } from '../../../lib/can.tsx';
import { useRemoteAction } from '../api/charger-actions-api.ts';
import { ActiveSessionSummary } from '../../../components/charger/active-session-summary.tsx';
import { LicenseNotice } from '../../../components/charger/license-notice.tsx';
import { chargersText } from '../chargers-text.ts';
import { ChargerActions } from './charger-actions.tsx';
import { CommandConfirmDialog } from './command-confirm-dialog.tsx';
import type { ConfirmableCommand } from './command-confirmation.ts';
import { ConnectionLabel, ConnectorChip, StatusChip } from '../../../components/charger/charger-status.tsx';

const Fact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: '140px 1fr', gap: 1, py: 0.5 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {children}
    </Typography>
  </Box>
);

const Heading = ({ children }: { children: React.ReactNode }) => (
  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
    {children}
  </Typography>
);

/** What the charger reports now, with the remote actions that apply to it, its connectors and its sessions. */
export const ChargerOverview = ({ charger, timeZone }: { charger: Charger; timeZone?: string | undefined }) => {
  const t = useT(chargersText);
  const can = useCan();
  const remote = useRemoteAction(charger.id);
  const [stopping, setStopping] = useState<ActiveSession | null>(null);
  const [command, setCommand] = useState<ConfirmableCommand | null>(null);
  const canRemote = can('Chargers_Remote_Actions');

  const connectorActions = (connector: ConnectorState) => {
    const isUnavailable = connector.status === 'Unavailable';
    return (
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          size="small"
          disabled={remote.isPending}
          onClick={() => setCommand({ action: 'unlock', body: { connectorId: connector.connectorId } })}
          aria-label={t('overview.unlockLabel', { connectorId: connector.connectorId })}
        >
          {t('overview.unlock')}
        </Button>
        <Button
          size="small"
          disabled={remote.isPending}
          onClick={() =>
            setCommand({ action: 'availability', body: { connectorId: connector.connectorId, type: isUnavailable ? 'Operative' : 'Inoperative' } })
          }
          aria-label={t(isUnavailable ? 'overview.setOperativeLabel' : 'overview.setInoperativeLabel', { connectorId: connector.connectorId })}
        >
          {isUnavailable ? t('overview.setOperative') : t('overview.setInoperative')}
        </Button>
      </Box>
    );
  };
  const connectors = charger.connectors.filter((connector) => connector.connectorId > 0);

  return (
    <>
      <Box component="dl" sx={{ m: 0 }}>
        <Fact label={t('overview.status')}>
          <StatusChip status={charger.status} demoNotConnected={charger.demoNotConnected} />
        </Fact>
        <Fact label={t('overview.connection')}>
          <ConnectionLabel
            connected={charger.connected}
            lastSeenAt={charger.lastSeenAt}
            lastKnownStatus={charger.lastKnownStatus}
            demoNotConnected={charger.demoNotConnected}
          />
        </Fact>
        <Fact label={t('overview.protocol')}>{charger.ocppVersion ? `OCPP ${charger.ocppVersion}` : t('overview.notConnected')}</Fact>
        <Fact label={t('overview.availability')}>{charger.availability === 'inoperative' ? t('overview.inoperative') : t('overview.operative')}</Fact>
        <Fact label={t('overview.firmware')}>{charger.firmwareVersion ?? t('overview.notReported')}</Fact>
        <Fact label={t('overview.location')}>{charger.locationName}</Fact>
      </Box>
      <Heading>{t('overview.actions')}</Heading>
      {charger.licensed ? null : <LicenseNotice />}
      <ChargerActions charger={charger} />
      <Heading>{t('overview.sessions')}</Heading>
      {charger.activeSessions.length ? (
        charger.activeSessions.map((session) => (
          <Box key={session.id} sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
            <Box sx={{ flex: 1 }}>
              <ActiveSessionSummary session={session} />
            </Box>
            {canRemote ? (
              <Button
                size="small"
                color="error"
                startIcon={<StopIcon />}
                onClick={() => setStopping(session)}
                aria-label={t('overview.stopLabel', { connectorId: session.connectorId })}
              >
                {t('overview.stop')}
              </Button>
            ) : null}
          </Box>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('overview.noSession')}
        </Typography>
      )}
      <Heading>{t('overview.connectors')}</Heading>
      {connectors.length ? (
        <Table size="small" aria-label={t('overview.connectors')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('overview.connector')}</TableCell>
              <TableCell>{t('overview.reported')}</TableCell>
              {canRemote ? <TableCell align="right">{t('overview.actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {connectors.map((connector) => (
              <TableRow key={connector.connectorId}>
                <TableCell>
                  <ConnectorChip connector={connector} />
                </TableCell>
                <TableCell>{formatDateTime(connector.updatedAt, timeZone)}</TableCell>
                {canRemote ? <TableCell align="right">{connectorActions(connector)}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('overview.noConnectors')}
        </Typography>
      )}
      <CommandConfirmDialog charger={charger} command={command} onClose={() => setCommand(null)} />
      <ConfirmDialog
        open={Boolean(stopping)}
        title={t('stop.title')}
        confirmLabel={t('stop.confirm')}
        isDestructive
        isBusy={remote.isPending}
        onClose={() => setStopping(null)}
        onConfirm={() =>
          stopping &&
          remote.mutate({ action: 'remote-stop', body: { transactionId: stopping.transactionId } }, { onSettled: () => setStopping(null) })
        }
      >
        {stopping
          ? t('stop.text', { idTag: stopping.idTag, connectorId: stopping.connectorId, transactionId: String(stopping.transactionId) })
          : null}
      </ConfirmDialog>
    </>
  );
};
