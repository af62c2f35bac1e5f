import type { ScheduleT } from '../schedule-text.ts';

/** "30 minutes", "1 hour", "4 hours": a duration choice as the booking forms show it. */
export const durationLabel = (hours: number, t: ScheduleT) =>
  hours < 1 ? t('duration.minutes', { minutes: hours * 60 }) : t('duration.hours', { hours });
