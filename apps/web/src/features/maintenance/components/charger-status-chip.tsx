import type { ChargerStatus } from '@wattdesk/shared/constants';
import Chip from '@mui/material/Chip';

const LOOK: Record<ChargerStatus, { label: string; color: 'success' | 'info' | 'default' | 'warning' | 'error' }> = {
  available: { label: 'Available', color: 'success' },
  charging: { label: 'Charging', color: 'info' },
  offline: { label: 'Offline', color: 'default' },
  maintenance: { label: 'Maintenance', color: 'warning' },
  faulted: { label: 'Faulted', color: 'error' },
};

const isChargerStatus = (status: string): status is ChargerStatus => status in LOOK;

/** The charger's overall status (the maintenance overview answers it as plain text). */
export const ChargerStatusChip = ({ status }: { status: string }) => {
  const look = isChargerStatus(status) ? LOOK[status] : { label: status, color: 'default' as const };
  return <Chip size="small" label={look.label} color={look.color} variant={status === 'offline' ? 'outlined' : 'filled'} />;
};
