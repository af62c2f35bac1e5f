import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import SyncIcon from '@mui/icons-material/Sync';
import SyncDisabledIcon from '@mui/icons-material/SyncDisabled';
import Chip from '@mui/material/Chip';
import type { LiveFeedStatus } from '../lib/live-feed.ts';

const LOOK: Record<LiveFeedStatus, { label: string; title: string; color: 'success' | 'warning' | 'default'; icon: React.ReactElement }> = {
  live: { label: 'Live', title: 'Changes appear as the chargers report them', color: 'success', icon: <FiberManualRecordIcon /> },
  connecting: { label: 'Connecting…', title: 'Connecting to the live feed', color: 'default', icon: <SyncIcon /> },
  reconnecting: {
    label: 'Reconnecting…',
    title: 'The live feed was interrupted; the list refreshes every 30 seconds meanwhile',
    color: 'warning',
    icon: <SyncIcon />,
  },
  unavailable: {
    label: 'Not live',
    title: 'Live updates are not available here; the list refreshes every 30 seconds',
    color: 'default',
    icon: <SyncDisabledIcon />,
  },
};

/** Whether the screen is following the chargers live; a status region, so a change of state is announced. */
export const LiveIndicator = ({ status }: { status: LiveFeedStatus }) => {
  const look = LOOK[status];
  return (
    <span role="status" aria-label={`Live updates: ${look.label}`} title={look.title}>
      <Chip
        size="small"
        variant="outlined"
        color={look.color}
        icon={look.icon}
        label={look.label}
        data-testid="live-indicator"
        data-status={status}
      />
    </span>
  );
};
