import en from '../../i18n/catalogues/notifications/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The notifications' words (catalogues/notifications): the page, its grid, the bell in the top bar, the e-mail settings. */
export const notificationsText = defineArea('notifications', en);

export type NotificationsKey = keyof typeof en;
/** The area's translator, for the helpers that build columns outside a component. */
export type NotificationsT = Translate<NotificationsKey>;
