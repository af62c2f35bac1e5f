/** `2026-11-22` (a date input's value) → the first or last instant of that day in the browser's time zone, as ISO. */
export const dayStartIso = (day: string): string | undefined => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
export const dayEndIso = (day: string): string | undefined => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);
