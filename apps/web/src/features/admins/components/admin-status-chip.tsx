import Chip from '@mui/material/Chip';
import type { AccountStatus } from '@wattdesk/shared/constants';

const COLORS: Record<AccountStatus, 'warning' | 'success' | 'default'> = { PENDING: 'warning', ACTIVE: 'success', INACTIVE: 'default' };

export const AdminStatusChip = ({ status }: { status: AccountStatus }) => (
  <Chip size="small" label={status} color={COLORS[status]} variant={status === 'INACTIVE' ? 'outlined' : 'filled'} />
);
