import Chip from '@mui/material/Chip';
import type { SessionPaymentStatus } from '@wattdesk/shared/schemas/driver-payments';
import { useT } from '../i18n/use-t.ts';
import { partsText } from './parts-text.ts';

const COLORS: Record<SessionPaymentStatus, 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'warning',
  paid: 'success',
  failed: 'error',
  refunded: 'default',
};

/** A session payment's status; the English words are SESSION_PAYMENT_STATUS_LABELS' (shared/schemas/driver-payments). */
export const PaymentStatusChip = ({ status }: { status: SessionPaymentStatus }) => {
  const t = useT(partsText);
  return <Chip size="small" color={COLORS[status]} label={t(`paymentStatus.${status}`)} />;
};
