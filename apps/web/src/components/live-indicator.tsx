import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import SyncIcon from '@mui/icons-material/Sync';
import SyncDisabledIcon from '@mui/icons-material/SyncDisabled';
import Chip from '@mui/material/Chip';
import { useT } from '../i18n/use-t.ts';
import { commonText } from './common-text.ts';
import type { LiveFeedStatus } from '../lib/live-feed.ts';

const LOOK = {
  live: { label: 'live.live', title: 'live.liveTitle', color: 'success', icon: <FiberManualRecordIcon /> },
  connecting: { label: 'live.connecting', title: 'live.connectingTitle', color: 'default', icon: <SyncIcon /> },
  reconnecting: { label: 'live.reconnecting', title: 'live.reconnectingTitle', color: 'warning', icon: <SyncIcon /> },
  unavailable: { label: 'live.unavailable', title: 'live.unavailableTitle', color: 'default', icon: <SyncDisabledIcon /> },
} as const satisfies Record<LiveFeedStatus, { label: string; title: string; color: 'success' | 'warning' | 'default'; icon: React.ReactElement }>;

/** Whether the screen is following the chargers live; a status region, so a change of state is announced. */
export const LiveIndicator = ({ status }: { status: LiveFeedStatus }) => {
  const t = useT(commonText);
  const look = LOOK[status];
  const label = t(look.label);
  return (
    <span role="status" aria-label={t('live.label', { state: label })} title={t(look.title)}>
      <Chip size="small" variant="outlined" color={look.color} icon={look.icon} label={label} data-testid="live-indicator" data-status={status} />
    </span>
  );
};
