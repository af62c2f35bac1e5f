CREATE TABLE "location_daily_stats" (
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"energy_wh" double precision DEFAULT 0 NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL,
	"idle_seconds" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"online_seconds" bigint DEFAULT 0 NOT NULL,
	"violations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_daily_stats_location_id_day_pk" PRIMARY KEY("location_id","day")
);
--> statement-breakpoint
ALTER TABLE "location_daily_stats" ADD CONSTRAINT "location_daily_stats_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The location × day rollup (decision 057) is kept by the functions of migration 0023, rewritten here: each
-- groups what changed once per charger and day, adds that to charger_daily_stats and its sums per location and
-- day to location_daily_stats in the same statement, so the two cannot drift whatever path made the change.
CREATE OR REPLACE FUNCTION "wd_roll_sessions"(p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(p_ids, 1), 0) = 0 THEN RETURN; END IF;
  WITH d AS (
    SELECT s."charger_id", (s."started_at" AT TIME ZONE l."time_zone")::date AS "day", s."location_id", count(*) AS "sessions",
      sum(coalesce(s."energy_wh", 0)) AS "energy_wh", sum(round(extract(epoch FROM coalesce(s."stopped_at", s."started_at") - s."started_at"))::bigint) AS "session_seconds"
    FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
    WHERE s."id" = ANY(p_ids) GROUP BY 1, 2, 3),
  by_charger AS (
    INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "sessions", "energy_wh", "session_seconds")
    SELECT "charger_id", "day", "location_id", "sessions", "energy_wh", "session_seconds" FROM d
    ON CONFLICT ("charger_id", "day") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions",
      "energy_wh" = t."energy_wh" + excluded."energy_wh", "session_seconds" = t."session_seconds" + excluded."session_seconds")
  INSERT INTO "location_daily_stats" AS t ("location_id", "day", "sessions", "energy_wh", "session_seconds")
  SELECT "location_id", "day", sum("sessions"), sum("energy_wh"), sum("session_seconds") FROM d GROUP BY 1, 2
  ON CONFLICT ("location_id", "day") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions",
    "energy_wh" = t."energy_wh" + excluded."energy_wh", "session_seconds" = t."session_seconds" + excluded."session_seconds";
  INSERT INTO "location_hourly_usage" AS t ("location_id", "day", "hour", "session_seconds")
  SELECT s."location_id", p."day", p."hour", sum(p."seconds")
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
  CROSS JOIN LATERAL "wd_hour_parts"(s."started_at", s."stopped_at", l."time_zone") p
  WHERE s."id" = ANY(p_ids) AND s."stopped_at" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("location_id", "day", "hour") DO UPDATE SET "session_seconds" = t."session_seconds" + excluded."session_seconds";
  INSERT INTO "location_connector_sessions" AS t ("location_id", "day", "connector_type", "sessions")
  SELECT s."location_id", (s."started_at" AT TIME ZONE l."time_zone")::date,
    coalesce(CASE WHEN s."connector_id" >= 1 THEN c."connector_types" ->> (s."connector_id" - 1) END, 'Unknown'), count(*)
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id" JOIN "chargers" c ON c."id" = s."charger_id"
  WHERE s."id" = ANY(p_ids) GROUP BY 1, 2, 3
  ON CONFLICT ("location_id", "day", "connector_type") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions";
END $$;--> statement-breakpoint
-- Revenue and idle time of stored prices (a waiver changes the total: the difference is added).
CREATE OR REPLACE FUNCTION "wd_roll_prices"(p_changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT s."charger_id", (s."started_at" AT TIME ZONE l."time_zone")::date AS "day", s."location_id",
      sum((c ->> 'total')::bigint) AS "revenue_minor", sum((c ->> 'idle')::bigint) AS "idle_seconds"
    FROM jsonb_array_elements(p_changes) c
    JOIN "charging_sessions" s ON s."id" = (c ->> 'id')::uuid JOIN "locations" l ON l."id" = s."location_id"
    GROUP BY 1, 2, 3),
  by_charger AS (
    INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "revenue_minor", "idle_seconds")
    SELECT "charger_id", "day", "location_id", "revenue_minor", "idle_seconds" FROM d
    ON CONFLICT ("charger_id", "day") DO UPDATE SET "revenue_minor" = t."revenue_minor" + excluded."revenue_minor",
      "idle_seconds" = t."idle_seconds" + excluded."idle_seconds")
  INSERT INTO "location_daily_stats" AS t ("location_id", "day", "revenue_minor", "idle_seconds")
  SELECT "location_id", "day", sum("revenue_minor"), sum("idle_seconds") FROM d GROUP BY 1, 2
  ON CONFLICT ("location_id", "day") DO UPDATE SET "revenue_minor" = t."revenue_minor" + excluded."revenue_minor",
    "idle_seconds" = t."idle_seconds" + excluded."idle_seconds";
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_roll_violations"(p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT v."charger_id", (v."detected_at" AT TIME ZONE l."time_zone")::date AS "day", c."location_id", count(*) AS "violations"
    FROM "violations" v JOIN "chargers" c ON c."id" = v."charger_id" JOIN "locations" l ON l."id" = c."location_id"
    WHERE v."id" = ANY(p_ids) GROUP BY 1, 2, 3),
  by_charger AS (
    INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "violations")
    SELECT "charger_id", "day", "location_id", "violations" FROM d
    ON CONFLICT ("charger_id", "day") DO UPDATE SET "violations" = t."violations" + excluded."violations")
  INSERT INTO "location_daily_stats" AS t ("location_id", "day", "violations")
  SELECT "location_id", "day", sum("violations") FROM d GROUP BY 1, 2
  ON CONFLICT ("location_id", "day") DO UPDATE SET "violations" = t."violations" + excluded."violations";
END $$;--> statement-breakpoint
-- Online (connected) time: each appended change closes the interval since the charger's previous change.
CREATE OR REPLACE FUNCTION "wd_roll_status_changes"(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT n."charger_id", p."day", c."location_id", sum(p."seconds") AS "online_seconds"
    FROM "charger_status_changes" n JOIN "chargers" c ON c."id" = n."charger_id" JOIN "locations" l ON l."id" = c."location_id"
    CROSS JOIN LATERAL (SELECT q."at", q."online" FROM "charger_status_changes" q
      WHERE q."charger_id" = n."charger_id" AND (q."at" < n."at" OR (q."at" = n."at" AND q."id" < n."id")) ORDER BY q."at" DESC, q."id" DESC LIMIT 1) prev
    CROSS JOIN LATERAL "wd_day_parts"(prev."at", n."at", l."time_zone") p
    WHERE n."id" = ANY(p_ids) AND prev."online" GROUP BY 1, 2, 3),
  by_charger AS (
    INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "online_seconds")
    SELECT "charger_id", "day", "location_id", "online_seconds" FROM d
    ON CONFLICT ("charger_id", "day") DO UPDATE SET "online_seconds" = t."online_seconds" + excluded."online_seconds")
  INSERT INTO "location_daily_stats" AS t ("location_id", "day", "online_seconds")
  SELECT "location_id", "day", sum("online_seconds") FROM d GROUP BY 1, 2
  ON CONFLICT ("location_id", "day") DO UPDATE SET "online_seconds" = t."online_seconds" + excluded."online_seconds";
END $$;--> statement-breakpoint
-- Charger rows leave charger_daily_stats only with their charger (a cascade, with its sessions): their sums
-- leave the location's days too, so the location rollup stays their sum. A deleted location takes its rows along.
CREATE OR REPLACE FUNCTION "wd_charger_days_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER "charger_daily_stats_rollup_delete" AFTER DELETE ON "charger_daily_stats" REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION "wd_charger_days_deleted"();--> statement-breakpoint
-- Fill it once from what the charger rollup holds.
INSERT INTO "location_daily_stats" ("location_id", "day", "sessions", "energy_wh", "session_seconds", "idle_seconds", "revenue_minor", "online_seconds", "violations")
SELECT "location_id", "day", sum("sessions"), sum("energy_wh"), sum("session_seconds"), sum("idle_seconds"), sum("revenue_minor"), sum("online_seconds"), sum("violations")
FROM "charger_daily_stats" GROUP BY 1, 2;
