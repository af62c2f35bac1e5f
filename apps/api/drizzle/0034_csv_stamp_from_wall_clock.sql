-- zonedTimestampFormatter from the zone's wall clock already worked out (`wall` is `at AT TIME ZONE tz`). A time-zone
-- conversion by name costs about a microsecond on PGlite, and an inlined function's argument is worked out again
-- wherever the body uses it: wd_csv_stamp converted each instant three times. The sessions CSV converts each instant
-- once, beside the row, and passes the wall clock here (decision 057). STABLE, as to_char is: an IMMUTABLE function
-- whose body is not would not be inlined.
CREATE OR REPLACE FUNCTION "wd_csv_wall_stamp"(wall timestamp, at timestamptz) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(to_char(wall, 'YYYY-MM-DD HH24:MI:SS ')
    || CASE WHEN wall < (at AT TIME ZONE 'UTC') THEN '-' || to_char((at AT TIME ZONE 'UTC') - wall, 'HH24:MI')
       ELSE '+' || to_char(wall - (at AT TIME ZONE 'UTC'), 'HH24:MI') END, '')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_csv_stamp"(at timestamptz, tz text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT "wd_csv_wall_stamp"(at AT TIME ZONE tz, at)
$$;
