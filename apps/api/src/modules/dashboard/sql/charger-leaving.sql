-- Charger rows leave charger_daily_stats only with their charger (a cascade, with its sessions): their sums leave the
-- location's days too, so the location rollup stays their sum. A deleted location takes its rows along.
CREATE OR REPLACE FUNCTION wd_charger_days_deleted()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "location_daily_stats" t SET "sessions" = t."sessions" - o."sessions", "energy_wh" = t."energy_wh" - o."energy_wh",
    "session_seconds" = t."session_seconds" - o."session_seconds", "idle_seconds" = t."idle_seconds" - o."idle_seconds",
    "revenue_minor" = t."revenue_minor" - o."revenue_minor", "online_seconds" = t."online_seconds" - o."online_seconds",
    "violations" = t."violations" - o."violations"
  FROM (SELECT "location_id", "day", sum("sessions") AS "sessions", sum("energy_wh") AS "energy_wh", sum("session_seconds") AS "session_seconds",
      sum("idle_seconds") AS "idle_seconds", sum("revenue_minor") AS "revenue_minor", sum("online_seconds") AS "online_seconds", sum("violations") AS "violations"
    FROM old_days GROUP BY 1, 2) o
  WHERE t."location_id" = o."location_id" AND t."day" = o."day";
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER charger_daily_stats_rollup_delete AFTER DELETE ON charger_daily_stats REFERENCING OLD TABLE AS old_days
  FOR EACH STATEMENT EXECUTE FUNCTION wd_charger_days_deleted();

-- A charger leaves with its sessions (a cascade). What its completed sessions added to the location's session time per
-- hour (the heat map) and sessions per connector type must leave too (decision 057). This runs before the delete,
-- while the charger's connector types and its sessions can still be read: the same grouping as wd_roll_sessions,
-- subtracted.
CREATE OR REPLACE FUNCTION wd_charger_sessions_leaving()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "location_daily_hours" t SET "h0" = greatest(t."h0" - o."h0", 0), "h1" = greatest(t."h1" - o."h1", 0), "h2" = greatest(t."h2" - o."h2", 0), "h3" = greatest(t."h3" - o."h3", 0), "h4" = greatest(t."h4" - o."h4", 0), "h5" = greatest(t."h5" - o."h5", 0), "h6" = greatest(t."h6" - o."h6", 0), "h7" = greatest(t."h7" - o."h7", 0), "h8" = greatest(t."h8" - o."h8", 0), "h9" = greatest(t."h9" - o."h9", 0), "h10" = greatest(t."h10" - o."h10", 0), "h11" = greatest(t."h11" - o."h11", 0), "h12" = greatest(t."h12" - o."h12", 0), "h13" = greatest(t."h13" - o."h13", 0), "h14" = greatest(t."h14" - o."h14", 0), "h15" = greatest(t."h15" - o."h15", 0), "h16" = greatest(t."h16" - o."h16", 0), "h17" = greatest(t."h17" - o."h17", 0), "h18" = greatest(t."h18" - o."h18", 0), "h19" = greatest(t."h19" - o."h19", 0), "h20" = greatest(t."h20" - o."h20", 0), "h21" = greatest(t."h21" - o."h21", 0), "h22" = greatest(t."h22" - o."h22", 0), "h23" = greatest(t."h23" - o."h23", 0)
  FROM (SELECT s."location_id", p."day",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 0), 0) AS "h0",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 1), 0) AS "h1",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 2), 0) AS "h2",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 3), 0) AS "h3",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 4), 0) AS "h4",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 5), 0) AS "h5",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 6), 0) AS "h6",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 7), 0) AS "h7",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 8), 0) AS "h8",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 9), 0) AS "h9",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 10), 0) AS "h10",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 11), 0) AS "h11",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 12), 0) AS "h12",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 13), 0) AS "h13",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 14), 0) AS "h14",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 15), 0) AS "h15",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 16), 0) AS "h16",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 17), 0) AS "h17",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 18), 0) AS "h18",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 19), 0) AS "h19",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 20), 0) AS "h20",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 21), 0) AS "h21",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 22), 0) AS "h22",
      coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 23), 0) AS "h23"
    FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
    CROSS JOIN LATERAL "wd_hour_parts"(s."started_at", s."stopped_at", l."time_zone") p
    WHERE s."charger_id" = OLD."id" AND s."status" = 'completed' AND s."stopped_at" IS NOT NULL GROUP BY 1, 2) o
  WHERE t."location_id" = o."location_id" AND t."day" = o."day";
  -- Typed by the charger's connector types as they are now: if they were edited after a session was counted, that
  -- session's type row may not match, hence no count below zero.
  UPDATE "location_connector_sessions" t SET "sessions" = greatest(t."sessions" - o."sessions", 0)
  FROM (SELECT s."location_id", (s."started_at" AT TIME ZONE l."time_zone")::date AS "day",
      coalesce(CASE WHEN s."connector_id" >= 1 THEN OLD."connector_types" ->> (s."connector_id" - 1) END, 'Unknown') AS "connector_type",
      count(*) AS "sessions"
    FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
    WHERE s."charger_id" = OLD."id" AND s."status" = 'completed' GROUP BY 1, 2, 3) o
  WHERE t."location_id" = o."location_id" AND t."day" = o."day" AND t."connector_type" = o."connector_type";
  RETURN OLD;
END $$;

CREATE OR REPLACE TRIGGER chargers_rollup_leaving BEFORE DELETE ON chargers
  FOR EACH ROW EXECUTE FUNCTION wd_charger_sessions_leaving();
