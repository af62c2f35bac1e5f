import type { ChargerStatus, LastKnownStatus } from '@wattdesk/shared/constants';
import type { ConnectorState, ConnectorStatus } from '@wattdesk/shared/schemas/charging';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatTag } from '@wattdesk/shared/i18n/format-locale';
import { useT, type Translate } from '../../i18n/use-t.ts';
import { partsText, type PartsKey } from '../parts-text.ts';

/** The statuses' English words (shown through `chargerStatus.*` of the common catalogue). */
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

/**
 * A charger's overall status; a status this app does not know yet (a newer server) shows as it is. A demo charger
 * no simulator runs is not connected (demo) rather than offline.
 */
export const StatusChip = ({ status, demoNotConnected = false }: { status: string; demoNotConnected?: boolean }) => {
  const t = useT(partsText);
  return status === 'offline' && demoNotConnected ? (
    // A demo charger no simulator runs: it was never meant to be connected (issue 39).
    <Chip size="small" label={t('charger.notConnectedDemo')} variant="outlined" />
  ) : isChargerStatus(status) ? (
    <Chip size="small" label={t(`chargerStatus.${status}`)} color={STATUS_COLORS[status]} variant={status === 'offline' ? 'outlined' : 'filled'} />
  ) : (
    <Chip size="small" label={status} variant="outlined" />
  );
};

// "3 hours ago" in the page's language (its format tag), one formatter per tag.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const relative = () => {
  const tag = formatTag();
  let format = relativeFormats.get(tag);
  if (!format) relativeFormats.set(tag, (format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })));
  return format;
};
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", or `null` for under a minute; exact time in the title attribute where it is shown. */
const ago = (iso: string, now: number): string | null => {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit);
  return null;
};

/** "3 hours ago", "Just now", "Never". */
export const formatLastSeen = (iso: string | null, t: Translate<PartsKey>, now = Date.now()): string =>
  iso ? (ago(iso, now) ?? t('lastSeen.justNow')) : t('lastSeen.never');

/** "last seen 3 hours ago" inside the offline sentence. */
const lastSeenPart = (iso: string | null, t: Translate<PartsKey>, now = Date.now()): string => {
  if (!iso) return t('connection.lastSeenNever');
  const when = ago(iso, now);
  return when ? t('connection.lastSeen', { when }) : t('connection.lastSeenJustNow');
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
  const t = useT(partsText);
  // OCPP's own status and error words (Charging, SuspendedEV, GroundFailure): protocol terms, as the charger reports them.
  const problem = connector.errorCode && connector.errorCode !== 'NoError' ? ` (${connector.errorCode})` : '';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={CONNECTOR_COLORS[connector.status]}
      label={`${connector.connectorId} · ${connector.status}${problem}`}
      aria-label={t('connector.label', { connector: connector.connectorId, status: `${connector.status}${problem}` })}
      title={connector.info ?? undefined}
    />
  );
};

/** "Offline · last seen 3 hours ago · last known: Charging": while offline, what it last reported is history. */
const offlineText = (t: Translate<PartsKey>, lastSeenAt: string | null, lastKnownStatus: LastKnownStatus | null, showLastSeen: boolean) =>
  [
    t('connection.offline'),
    showLastSeen ? lastSeenPart(lastSeenAt, t) : null,
    lastKnownStatus ? t('connection.lastKnown', { status: t(`chargerStatus.${lastKnownStatus}`) }) : null,
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
}) => {
  const t = useT(partsText);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: connected ? 'success.main' : 'text.secondary' }}
      title={lastSeenAt ?? undefined}
    >
      {connected ? <WifiIcon fontSize="inherit" aria-hidden /> : <WifiOffIcon fontSize="inherit" aria-hidden />}
      {connected
        ? t('connection.online')
        : demoNotConnected
          ? t('charger.notConnectedDemo')
          : offlineText(t, lastSeenAt, lastKnownStatus, showLastSeen)}
    </Box>
  );
};
