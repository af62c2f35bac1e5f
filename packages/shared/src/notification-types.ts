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

/**
 * What a notification's sentences are made of, stored with it (issue 44): the bell and the e-mail write them in the
 * reader's language. Names, details and statuses are the charger's or the operator's own words, not translated.
 */
export type NotificationParamsOf = {
  'charger-faulted': { name: string; detail: string };
  'charger-offline': { name: string; minutes: number; lastSeenAt: string };
  violation: { where: string | null; rules: string[] };
  'booking-conflict': { name: string; status: string };
  'driver-accepted': { name: string };
};
/** Any type's params, as stored and listed; null for rows written before they were stored. */
export type NotificationParams = {
  name?: string | undefined;
  detail?: string | undefined;
  minutes?: number | undefined;
  lastSeenAt?: string | undefined;
  where?: string | null | undefined;
  rules?: string[] | undefined;
  status?: string | undefined;
};
