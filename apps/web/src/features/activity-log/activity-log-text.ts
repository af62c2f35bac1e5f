import en from '../../i18n/catalogues/activity-log/en.json';
import { defineArea } from '../../i18n/area.ts';
import type { Translate } from '../../i18n/use-t.ts';

/** The activity log's words (catalogues/activity-log): the page, its filters and grid, the actions' names. */
export const activityLogText = defineArea('activity-log', en);

export type ActivityLogKey = keyof typeof en;
/** The screen's translator, for the helpers that build columns and labels outside a component. */
export type ActivityLogT = Translate<ActivityLogKey>;

/** A known action's name in the page's language (the shared ACTIVITY_ACTION_LABELS, translated); another, as recorded. */
export const actionLabel = (t: ActivityLogT, action: string): string => {
  const key = `action.${action}`;
  return key in en ? t(key as ActivityLogKey) : action;
};

/** An entity's name in the page's language; one this build does not know, as recorded. */
export const entityLabel = (t: ActivityLogT, entity: string): string => {
  const key = `entity.${entity}`;
  return key in en ? t(key as ActivityLogKey) : entity;
};
