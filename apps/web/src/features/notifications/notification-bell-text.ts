import en from '../../i18n/catalogues/notification-bell/en.json';
import { defineArea } from '../../i18n/area.ts';

/** The top bar's bell (catalogues/notification-bell): its own small area, shown on every screen (bench bundle-size). */
export const notificationBellText = defineArea('notification-bell', en);
