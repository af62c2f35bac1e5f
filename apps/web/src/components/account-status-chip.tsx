import Chip from '@mui/material/Chip';
import type { AccountStatus } from '@wattdesk/shared/constants';
import { useT } from '../i18n/use-t.ts';
import { partsText } from './parts-text.ts';

const COLORS: Record<AccountStatus, 'warning' | 'success' | 'default'> = { PENDING: 'warning', ACTIVE: 'success', INACTIVE: 'default' };

/** PENDING / ACTIVE / INACTIVE (spec section 3), the same look wherever an account's status shows. */
export const AccountStatusChip = ({ status }: { status: AccountStatus }) => {
  const t = useT(partsText);
  return <Chip size="small" label={t(`accountStatus.${status}`)} color={COLORS[status]} variant={status === 'INACTIVE' ? 'outlined' : 'filled'} />;
};
