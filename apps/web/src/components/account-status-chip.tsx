import Chip from '@mui/material/Chip';
import type { AccountStatus } from '@wattdesk/shared/constants';

const COLORS: Record<AccountStatus, 'warning' | 'success' | 'default'> = { PENDING: 'warning', ACTIVE: 'success', INACTIVE: 'default' };

/** PENDING / ACTIVE / INACTIVE (spec section 3), the same look wherever an account's status shows. */
export const AccountStatusChip = ({ status }: { status: AccountStatus }) => (
  <Chip size="small" label={status} color={COLORS[status]} variant={status === 'INACTIVE' ? 'outlined' : 'filled'} />
);
