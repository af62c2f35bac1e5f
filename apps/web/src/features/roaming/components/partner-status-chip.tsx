import Chip from '@mui/material/Chip';
import type { OcpiPartnerStatus } from '@wattdesk/shared/ocpi/constants';
import { useT } from '../../../i18n/use-t.ts';
import { roamingText } from '../roaming-text.ts';

const COLORS: Record<OcpiPartnerStatus, 'warning' | 'success' | 'default'> = { PENDING: 'warning', CONNECTED: 'success', SUSPENDED: 'default' };

export const PartnerStatusChip = ({ status }: { status: OcpiPartnerStatus }) => {
  const t = useT(roamingText);
  return <Chip size="small" label={t(`status.${status}`)} color={COLORS[status]} variant={status === 'SUSPENDED' ? 'outlined' : 'filled'} />;
};
