import en from '../../i18n/catalogues/schedule/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The charger schedule's words (catalogues/schedule): the week, its calendar, the booking dialogs, their toasts. */
export const scheduleText = defineArea('schedule', en);

export type ScheduleKey = keyof typeof en;
/** The area's translator, for the helpers that build labels outside a component. */
export type ScheduleT = Translate<ScheduleKey>;
