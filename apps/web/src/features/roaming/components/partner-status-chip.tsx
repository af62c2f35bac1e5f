import Chip from '@mui/material/Chip';
import type { OcpiPartnerStatus } from '@wattdesk/shared/ocpi/constants';

export const PARTNER_STATUS_LABELS: Record<OcpiPartnerStatus, string> = {
  PENDING: 'Waiting for registration',
  CONNECTED: 'Connected',
  SUSPENDED: 'Suspended',
};

const COLORS: Record<OcpiPartnerStatus, 'warning' | 'success' | 'default'> = { PENDING: 'warning', CONNECTED: 'success', SUSPENDED: 'default' };

export const PartnerStatusChip = ({ status }: { status: OcpiPartnerStatus }) => (
  <Chip size="small" label={PARTNER_STATUS_LABELS[status]} color={COLORS[status]} variant={status === 'SUSPENDED' ? 'outlined' : 'filled'} />
);
