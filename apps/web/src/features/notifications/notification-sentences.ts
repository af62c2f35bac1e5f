import { formatCount, formatDateTime } from '@wattdesk/shared/format';
import type { Notification } from '@wattdesk/shared/schemas/notifications';
import en from '../../i18n/catalogues/notification-sentences/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** Notifications' sentences (catalogues/notification-sentences): loaded with the bell's list, not with the shell. */
export const notificationSentencesText = defineArea('notification-sentences', en);
export type NotificationSentencesT = Translate<keyof typeof en>;

/**
 * A notification's title and body in the page's language, from its type and what its sentences are made of
 * (issue 44): the same sentences the server writes in English (the row's title and body) and in its e-mails. A row
 * written before params were stored — or missing a part its type needs — reads its stored English.
 */
export const notificationSentences = (item: Notification, t: NotificationSentencesT): { title: string; body: string } => {
  const params = item.params;
  const stored = { title: item.title, body: item.body };
  if (!params) return stored;
  const { name, detail, status, minutes, lastSeenAt, rules } = params;
  switch (item.type) {
    case 'charger-faulted':
      return name !== undefined && detail !== undefined
        ? { title: t('text.charger-faulted.title', { name }), body: t('text.charger-faulted.body', { name, detail }) }
        : stored;
    case 'booking-conflict':
      return name !== undefined && status !== undefined
        ? { title: t('text.booking-conflict.title', { name }), body: t('text.booking-conflict.body', { name, status }) }
        : stored;
    case 'driver-accepted':
      return name !== undefined ? { title: t('text.driver-accepted.title', { name }), body: t('text.driver-accepted.body', { name }) } : stored;
    case 'charger-offline': {
      if (name === undefined || minutes === undefined || lastSeenAt === undefined) return stored;
      // A time on the location's clock with its zone's label, as every time of a location reads.
      const values = { name, minutes: formatCount(minutes), lastSeenAt: formatDateTime(lastSeenAt, item.timeZone) };
      return { title: t('text.charger-offline.title', values), body: t('text.charger-offline.body', values) };
    }
    case 'violation': {
      if (rules === undefined || params.where === undefined) return stored;
      const listed = rules.join(', ');
      return params.where === null
        ? { title: t('text.violation.titleAnyCharger'), body: t('text.violation.bodyAnyCharger', { rules: listed }) }
        : { title: t('text.violation.title', { where: params.where }), body: t('text.violation.body', { where: params.where, rules: listed }) };
    }
  }
};
