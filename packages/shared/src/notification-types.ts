// Without zod, so the top bar's e-mail preferences do not bring zod into the dashboard shell (issue 18).

/** What an operator must act on; each can also be sent by e-mail, per type and per user. */
export const NOTIFICATION_TYPES = ['charger-faulted', 'charger-offline', 'violation', 'booking-conflict', 'driver-accepted'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'charger-faulted': 'A charger faulted',
  'charger-offline': 'A charger is offline for a while',
  violation: 'A violation',
  'booking-conflict': 'A booking could not be reserved at its charger',
  'driver-accepted': 'A driver accepted the invitation',
};
