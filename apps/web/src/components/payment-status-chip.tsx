import Chip from '@mui/material/Chip';
import { SESSION_PAYMENT_STATUS_LABELS, type SessionPaymentStatus } from '@wattdesk/shared/schemas/driver-payments';

const COLORS: Record<SessionPaymentStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'warning',
  paid: 'success',
  failed: 'error',
  refunded: 'default',
};

export const PaymentStatusChip = ({ status }: { status: SessionPaymentStatus }) => (
  <Chip size="small" color={COLORS[status]} label={SESSION_PAYMENT_STATUS_LABELS[status]} />
);
