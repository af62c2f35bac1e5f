-- A span cut at a location's local days and hours, for the rollups (decision 036). The pricing engine cuts time the
-- same way in TypeScript (forEachLocalHour, packages/shared); local-parts.test.ts holds the two to each other.
--
-- The parts of [p_from, p_to) that fall on each local day of p_tz.
CREATE OR REPLACE FUNCTION wd_day_parts(p_from timestamp with time zone, p_to timestamp with time zone, p_tz text)
RETURNS TABLE(day date, seconds bigint) LANGUAGE sql STABLE AS $$
  SELECT d::date, round(extract(epoch FROM least(p_to, (d::date + 1)::timestamp AT TIME ZONE p_tz) - greatest(p_from, d::timestamp AT TIME ZONE p_tz)))::bigint
  FROM generate_series((p_from AT TIME ZONE p_tz)::date, (p_to AT TIME ZONE p_tz)::date, interval '1 day') d
  WHERE p_to > p_from AND least(p_to, (d::date + 1)::timestamp AT TIME ZONE p_tz) > greatest(p_from, d::timestamp AT TIME ZONE p_tz)
$$;

-- The parts of [p_from, p_to) that fall in each local hour of p_tz, a row per local hour lived: a repeated hour
-- (autumn) has two rows and a skipped one (spring) none. Cut at the quarter hours of UTC, on which every zone's
-- offset and its changes fall, so an hour ends where the clock says, also where the change is not on a local hour
-- (Chatham at a quarter to, Lord Howe by half an hour); each hour's seconds are rounded once.
CREATE OR REPLACE FUNCTION wd_hour_parts(p_from timestamp with time zone, p_to timestamp with time zone, p_tz text)
RETURNS TABLE(day date, hour smallint, seconds bigint) LANGUAGE sql STABLE AS $$
  SELECT q."hour"::date, extract(hour FROM q."hour")::smallint, round(sum(q."seconds"))::bigint
  FROM (SELECT date_trunc('hour', s AT TIME ZONE p_tz) AS "hour", (s AT TIME ZONE p_tz) - (s AT TIME ZONE 'UTC') AS "offset",
      extract(epoch FROM least(p_to, s + interval '15 minutes') - greatest(p_from, s)) AS "seconds"
    FROM generate_series(date_bin('15 minutes', p_from, timestamptz '2001-01-01 00:00:00+00'), p_to, interval '15 minutes') s
    WHERE least(p_to, s + interval '15 minutes') > greatest(p_from, s)) q
  GROUP BY q."hour", q."offset"
$$;
