import { sql } from 'drizzle-orm';

/** The local hours of a location_daily_hours row, its columns h0 … h23 (migration 0033), read on the alias `u`. */
export const DAY_HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Each hour's seconds summed over the rows, named h0 … h23. */
export const hourSums = sql.raw(DAY_HOURS.map((hour) => `sum(u.h${hour}) as h${hour}`).join(', '));
