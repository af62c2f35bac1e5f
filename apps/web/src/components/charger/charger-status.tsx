import type { ChargerStatus, LastKnownStatus } from '@wattdesk/shared/constants';
import type { ConnectorState, ConnectorStatus } from '@wattdesk/shared/schemas/charging';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

export const STATUS_LABELS: Record<ChargerStatus, string> = {
  available: 'Available',
  charging: 'Charging',
  offline: 'Offline',
  maintenance: 'Maintenance',
  faulted: 'Faulted',
};

export const STATUS_COLORS: Record<ChargerStatus, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
  available: 'success',
  charging: 'info',
  offline: 'default',
  maintenance: 'warning',
  faulted: 'error',
};

const isChargerStatus = (status: string): status is ChargerStatus => status in STATUS_LABELS;

/** What a demo charger no simulator runs shows instead of offline: it was never meant to be connected (issue 39). */
export const DEMO_NOT_CONNECTED_LABEL = 'Not connected (demo)';

/**
 * A charger's overall status; a status this app does not know yet (a newer server) shows as it is. A demo charger
 * no simulator runs is not connected (demo) rather than offline.
 */
export const StatusChip = ({ status, demoNotConnected = false }: { status: string; demoNotConnected?: boolean }) =>
  status === 'offline' && demoNotConnected ? (
    <Chip size="small" label={DEMO_NOT_CONNECTED_LABEL} variant="outlined" />
  ) : isChargerStatus(status) ? (
    <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} variant={status === 'offline' ? 'outlined' : 'filled'} />
  ) : (
    <Chip size="small" label={status} variant="outlined" />
  );

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago"; exact time in the title attribute where it is shown. */
export const formatLastSeen = (iso: string | null, now = Date.now()): string => {
  if (!iso) return 'Never';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return 'Just now';
};

const CONNECTOR_COLORS: Record<ConnectorStatus, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
  Available: 'success',
  Preparing: 'info',
  Charging: 'info',
  SuspendedEVSE: 'warning',
  SuspendedEV: 'warning',
  Finishing: 'info',
  Reserved: 'default',
  Unavailable: 'warning',
  Faulted: 'error',
};

/** An OCPP connector status, with the connector's number: "1 · Charging". */
export const ConnectorChip = ({ connector }: { connector: ConnectorState }) => {
  const problem = connector.errorCode && connector.errorCode !== 'NoError' ? ` (${connector.errorCode})` : '';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={CONNECTOR_COLORS[connector.status]}
      label={`${connector.connectorId} · ${connector.status}${problem}`}
      aria-label={`Connector ${connector.connectorId}: ${connector.status}${problem}`}
      title={connector.info ?? undefined}
    />
  );
};

/** "Offline · last seen 3 hours ago · last known: Charging": while offline, what it last reported is history. */
const offlineText = (lastSeenAt: string | null, lastKnownStatus: LastKnownStatus | null, showLastSeen: boolean) =>
  [
    'Offline',
    showLastSeen ? `last seen ${formatLastSeen(lastSeenAt).toLowerCase()}` : null,
    lastKnownStatus ? `last known: ${STATUS_LABELS[lastKnownStatus]}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

/** Whether the charger holds a connection to the network now; when not, what it last reported. */
export const ConnectionLabel = ({
  connected,
  lastSeenAt,
  lastKnownStatus = null,
  showLastSeen = true,
  demoNotConnected = false,
}: {
  connected: boolean;
  lastSeenAt: string | null;
  lastKnownStatus?: LastKnownStatus | null;
  showLastSeen?: boolean;
  demoNotConnected?: boolean;
}) => (
  <Box
    component="span"
    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: connected ? 'success.main' : 'text.secondary' }}
    title={lastSeenAt ?? undefined}
  >
    {connected ? <WifiIcon fontSize="inherit" aria-hidden /> : <WifiOffIcon fontSize="inherit" aria-hidden />}
    {connected ? 'Online' : demoNotConnected ? DEMO_NOT_CONNECTED_LABEL : offlineText(lastSeenAt, lastKnownStatus, showLastSeen)}
  </Box>
);
