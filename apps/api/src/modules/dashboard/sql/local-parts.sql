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

-- The parts of [p_from, p_to) that fall in each local hour of p_tz. Steps are absolute hours from the local hour
-- p_from is in, so a repeated hour (autumn) counts twice and a skipped one (spring) not at all.
CREATE OR REPLACE FUNCTION wd_hour_parts(p_from timestamp with time zone, p_to timestamp with time zone, p_tz text)
RETURNS TABLE(day date, hour smallint, seconds bigint) LANGUAGE sql STABLE AS $$
  SELECT (h AT TIME ZONE p_tz)::date, extract(hour FROM h AT TIME ZONE p_tz)::smallint,
    round(extract(epoch FROM least(p_to, h + interval '1 hour') - greatest(p_from, h)))::bigint
  FROM generate_series(p_from - ((p_from AT TIME ZONE p_tz) - date_trunc('hour', p_from AT TIME ZONE p_tz)), p_to, interval '1 hour') h
  WHERE p_to > p_from AND least(p_to, h + interval '1 hour') > greatest(p_from, h)
$$;
