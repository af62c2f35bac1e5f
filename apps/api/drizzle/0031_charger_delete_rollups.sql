-- A charger leaves with its sessions (a cascade). Its days leave charger_daily_stats and, through 0029's trigger,
-- location_daily_stats; what its completed sessions added to the location's session time per hour (the heat map)
-- and sessions per connector type must leave too (decision 057). This runs before the delete, while the charger's
-- connector types and its sessions can still be read; the same grouping as wd_roll_sessions, subtracted.
CREATE OR REPLACE FUNCTION "wd_charger_sessions_leaving"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "location_hourly_usage" t SET "session_seconds" = greatest(t."session_seconds" - o."seconds", 0)
  FROM (SELECT s."location_id", p."day", p."hour", sum(p."seconds") AS "seconds"
    FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
    CROSS JOIN LATERAL "wd_hour_parts"(s."started_at", s."stopped_at", l."time_zone") p
    WHERE s."charger_id" = OLD."id" AND s."status" = 'completed' AND s."stopped_at" IS NOT NULL GROUP BY 1, 2, 3) o
  WHERE t."location_id" = o."location_id" AND t."day" = o."day" AND t."hour" = o."hour";
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
END $$;--> statement-breakpoint
CREATE TRIGGER "chargers_rollup_leaving" BEFORE DELETE ON "chargers" FOR EACH ROW EXECUTE FUNCTION "wd_charger_sessions_leaving"();
