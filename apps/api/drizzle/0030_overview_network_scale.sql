CREATE TABLE "charger_connected_since" (
	"charger_id" uuid PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charger_weekly_stats" (
	"charger_id" uuid NOT NULL,
	"week" date NOT NULL,
	"energy_wh_1" double precision DEFAULT 0 NOT NULL,
	"energy_wh_2" double precision DEFAULT 0 NOT NULL,
	"energy_wh_3" double precision DEFAULT 0 NOT NULL,
	"energy_wh_4" double precision DEFAULT 0 NOT NULL,
	"energy_wh_5" double precision DEFAULT 0 NOT NULL,
	"energy_wh_6" double precision DEFAULT 0 NOT NULL,
	"energy_wh_7" double precision DEFAULT 0 NOT NULL,
	"sessions_1" integer DEFAULT 0 NOT NULL,
	"sessions_2" integer DEFAULT 0 NOT NULL,
	"sessions_3" integer DEFAULT 0 NOT NULL,
	"sessions_4" integer DEFAULT 0 NOT NULL,
	"sessions_5" integer DEFAULT 0 NOT NULL,
	"sessions_6" integer DEFAULT 0 NOT NULL,
	"sessions_7" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "charger_weekly_stats_charger_id_week_pk" PRIMARY KEY("charger_id","week")
);
--> statement-breakpoint
ALTER TABLE "charger_connected_since" ADD CONSTRAINT "charger_connected_since_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_weekly_stats" ADD CONSTRAINT "charger_weekly_stats_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The 0029 function, plus the connected chargers' table (decision 057): after the intervals are closed, each
-- changed charger's last change says whether it is connected now and since when, so the overview reads one row
-- per connected charger instead of looking up each charger's history.
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
  WITH last AS (
    SELECT c."charger_id", q."at", q."online" FROM (SELECT DISTINCT "charger_id" FROM "charger_status_changes" WHERE "id" = ANY(p_ids)) c
    CROSS JOIN LATERAL (SELECT q."at", q."online" FROM "charger_status_changes" q WHERE q."charger_id" = c."charger_id"
      ORDER BY q."at" DESC, q."id" DESC LIMIT 1) q),
  gone AS (DELETE FROM "charger_connected_since" s USING last WHERE s."charger_id" = last."charger_id" AND NOT last."online")
  INSERT INTO "charger_connected_since" AS t ("charger_id", "since") SELECT "charger_id", "at" FROM last WHERE "online"
  ON CONFLICT ("charger_id") DO UPDATE SET "since" = excluded."since";
END $$;--> statement-breakpoint
INSERT INTO "charger_connected_since" ("charger_id", "since")
SELECT c."id", q."at" FROM "chargers" c
CROSS JOIN LATERAL (SELECT q."at", q."online" FROM "charger_status_changes" q WHERE q."charger_id" = c."id" ORDER BY q."at" DESC, q."id" DESC LIMIT 1) q
WHERE q."online";--> statement-breakpoint
-- Unique drivers of a period (decision 057): a distinct count cannot be summed from daily rows, so it reads the
-- completed sessions of each location's runs of local days in the range through this index alone (no table
-- rows once vacuum has marked the pages visible). Not in the Drizzle schema: drizzle-orm cannot declare INCLUDE.
CREATE INDEX "charging_sessions_completed_drivers_idx" ON "charging_sessions" ("location_id", "started_at") INCLUDE ("driver_id", "id_tag") WHERE "status" = 'completed';
--> statement-breakpoint
-- The 0029 function, plus the charger × week rollup the rankings read (decision 057): the same grouping per
-- charger and day, added to charger_daily_stats, charger_weekly_stats (its ISO weekday's columns) and
-- location_daily_stats in one statement.
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
      "energy_wh" = t."energy_wh" + excluded."energy_wh", "session_seconds" = t."session_seconds" + excluded."session_seconds"),
  by_week AS (
    INSERT INTO "charger_weekly_stats" AS t ("charger_id", "week", "energy_wh_1", "energy_wh_2", "energy_wh_3", "energy_wh_4", "energy_wh_5", "energy_wh_6", "energy_wh_7",
      "sessions_1", "sessions_2", "sessions_3", "sessions_4", "sessions_5", "sessions_6", "sessions_7")
    SELECT "charger_id", "day" - (extract(isodow FROM "day")::int - 1),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 1), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 2), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 3), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 4), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 5), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 6), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 7), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 1), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 2), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 3), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 4), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 5), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 6), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 7), 0)
    FROM d GROUP BY 1, 2
    ON CONFLICT ("charger_id", "week") DO UPDATE SET "energy_wh_1" = t."energy_wh_1" + excluded."energy_wh_1", "energy_wh_2" = t."energy_wh_2" + excluded."energy_wh_2", "energy_wh_3" = t."energy_wh_3" + excluded."energy_wh_3", "energy_wh_4" = t."energy_wh_4" + excluded."energy_wh_4", "energy_wh_5" = t."energy_wh_5" + excluded."energy_wh_5", "energy_wh_6" = t."energy_wh_6" + excluded."energy_wh_6", "energy_wh_7" = t."energy_wh_7" + excluded."energy_wh_7",
      "sessions_1" = t."sessions_1" + excluded."sessions_1", "sessions_2" = t."sessions_2" + excluded."sessions_2", "sessions_3" = t."sessions_3" + excluded."sessions_3", "sessions_4" = t."sessions_4" + excluded."sessions_4", "sessions_5" = t."sessions_5" + excluded."sessions_5", "sessions_6" = t."sessions_6" + excluded."sessions_6", "sessions_7" = t."sessions_7" + excluded."sessions_7")
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
-- Fill it once from what the charger × day rollup holds.
INSERT INTO "charger_weekly_stats" AS t ("charger_id", "week", "energy_wh_1", "energy_wh_2", "energy_wh_3", "energy_wh_4", "energy_wh_5", "energy_wh_6", "energy_wh_7",
      "sessions_1", "sessions_2", "sessions_3", "sessions_4", "sessions_5", "sessions_6", "sessions_7")
    SELECT "charger_id", "day" - (extract(isodow FROM "day")::int - 1),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 1), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 2), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 3), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 4), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 5), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 6), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 7), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 1), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 2), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 3), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 4), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 5), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 6), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 7), 0)
    FROM "charger_daily_stats" GROUP BY 1, 2;
