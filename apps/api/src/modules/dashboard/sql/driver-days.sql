-- Unique drivers (decision 057): a row per driver and month (driver_month_days) instead of a distinct count over every
-- completed session of the range. Each completed session counts once on its driver (account, else ID tag) and the
-- local day of its start, the day the other rollups count it on; a session that stops being completed, changes driver
-- or leaves takes its count back, and a month whose counts all go back to zero goes.
--
-- Adds (or, with negative deltas, takes back) sessions per driver and local day.
CREATE OR REPLACE FUNCTION wd_add_driver_days(p_drivers text[], p_days date[], p_deltas integer[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(p_drivers, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO "driver_month_days" AS t ("driver", "month", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", "d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23", "d24", "d25", "d26", "d27", "d28", "d29", "d30", "d31")
  SELECT u."driver", date_trunc('month', u."day")::date,
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 1), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 2), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 3), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 4), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 5), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 6), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 7), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 8), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 9), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 10), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 11), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 12), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 13), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 14), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 15), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 16), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 17), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 18), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 19), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 20), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 21), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 22), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 23), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 24), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 25), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 26), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 27), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 28), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 29), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 30), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 31), 0)
  FROM unnest(p_drivers, p_days, p_deltas) AS u("driver", "day", "delta") GROUP BY 1, 2
  ON CONFLICT ("driver", "month") DO UPDATE SET "d1" = t."d1" + excluded."d1", "d2" = t."d2" + excluded."d2", "d3" = t."d3" + excluded."d3", "d4" = t."d4" + excluded."d4", "d5" = t."d5" + excluded."d5", "d6" = t."d6" + excluded."d6", "d7" = t."d7" + excluded."d7", "d8" = t."d8" + excluded."d8", "d9" = t."d9" + excluded."d9", "d10" = t."d10" + excluded."d10", "d11" = t."d11" + excluded."d11", "d12" = t."d12" + excluded."d12", "d13" = t."d13" + excluded."d13", "d14" = t."d14" + excluded."d14", "d15" = t."d15" + excluded."d15", "d16" = t."d16" + excluded."d16", "d17" = t."d17" + excluded."d17", "d18" = t."d18" + excluded."d18", "d19" = t."d19" + excluded."d19", "d20" = t."d20" + excluded."d20", "d21" = t."d21" + excluded."d21", "d22" = t."d22" + excluded."d22", "d23" = t."d23" + excluded."d23", "d24" = t."d24" + excluded."d24", "d25" = t."d25" + excluded."d25", "d26" = t."d26" + excluded."d26", "d27" = t."d27" + excluded."d27", "d28" = t."d28" + excluded."d28", "d29" = t."d29" + excluded."d29", "d30" = t."d30" + excluded."d30", "d31" = t."d31" + excluded."d31";
  -- A month whose counts all went back to zero names a driver (an account or a tag) for nothing: it goes.
  DELETE FROM "driver_month_days" t USING unnest(p_drivers, p_days, p_deltas) AS u("driver", "day", "delta")
  WHERE u."delta" < 0 AND t."driver" = u."driver" AND t."month" = date_trunc('month', u."day")::date AND t."days" = 0;
END $$;

-- A location's delete takes its sessions' counts back before its row goes: by the time the cascade reaches the
-- sessions, the location's time zone can no longer be read.
CREATE OR REPLACE FUNCTION wd_location_sessions_leaving()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_drivers text[]; v_days date[]; v_deltas integer[];
BEGIN
  SELECT array_agg(coalesce(s."driver_id"::text, s."id_tag")), array_agg((s."started_at" AT TIME ZONE OLD."time_zone")::date), array_agg(-1)
  INTO v_drivers, v_days, v_deltas
  FROM "charging_sessions" s WHERE s."location_id" = OLD."id" AND s."status" = 'completed';
  PERFORM "wd_add_driver_days"(v_drivers, v_days, v_deltas);
  RETURN OLD;
END $$;

CREATE OR REPLACE TRIGGER locations_driver_days_leaving BEFORE DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION wd_location_sessions_leaving();
