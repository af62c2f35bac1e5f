-- The heat map's session time per location and local day, one column per local hour (decision 057): a 30-day
-- overview of 2,000 locations read about 450,000 location × day × hour rows, now about 60,000 day rows, and each
-- weekday's 24 sums come from one grouping. Integer seconds: a location-hour holds at most 3,600 s per connector.
CREATE TABLE "location_daily_hours" (
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"h0" integer DEFAULT 0 NOT NULL,
	"h1" integer DEFAULT 0 NOT NULL,
	"h2" integer DEFAULT 0 NOT NULL,
	"h3" integer DEFAULT 0 NOT NULL,
	"h4" integer DEFAULT 0 NOT NULL,
	"h5" integer DEFAULT 0 NOT NULL,
	"h6" integer DEFAULT 0 NOT NULL,
	"h7" integer DEFAULT 0 NOT NULL,
	"h8" integer DEFAULT 0 NOT NULL,
	"h9" integer DEFAULT 0 NOT NULL,
	"h10" integer DEFAULT 0 NOT NULL,
	"h11" integer DEFAULT 0 NOT NULL,
	"h12" integer DEFAULT 0 NOT NULL,
	"h13" integer DEFAULT 0 NOT NULL,
	"h14" integer DEFAULT 0 NOT NULL,
	"h15" integer DEFAULT 0 NOT NULL,
	"h16" integer DEFAULT 0 NOT NULL,
	"h17" integer DEFAULT 0 NOT NULL,
	"h18" integer DEFAULT 0 NOT NULL,
	"h19" integer DEFAULT 0 NOT NULL,
	"h20" integer DEFAULT 0 NOT NULL,
	"h21" integer DEFAULT 0 NOT NULL,
	"h22" integer DEFAULT 0 NOT NULL,
	"h23" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_daily_hours_location_id_day_pk" PRIMARY KEY("location_id","day")
);
--> statement-breakpoint
ALTER TABLE "location_daily_hours" ADD CONSTRAINT "location_daily_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "location_daily_hours" ("location_id", "day", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "h10", "h11", "h12", "h13", "h14", "h15", "h16", "h17", "h18", "h19", "h20", "h21", "h22", "h23")
SELECT "location_id", "day",
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 0), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 1), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 2), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 3), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 4), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 5), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 6), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 7), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 8), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 9), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 10), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 11), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 12), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 13), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 14), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 15), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 16), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 17), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 18), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 19), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 20), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 21), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 22), 0),
  coalesce(sum("session_seconds") FILTER (WHERE "hour" = 23), 0)
FROM "location_hourly_usage" GROUP BY 1, 2;--> statement-breakpoint
-- 0030's function, its hourly rows now one row per location and day.
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
  INSERT INTO "location_daily_hours" AS t ("location_id", "day", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "h10", "h11", "h12", "h13", "h14", "h15", "h16", "h17", "h18", "h19", "h20", "h21", "h22", "h23")
  SELECT s."location_id", p."day",
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 0), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 1), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 2), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 3), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 4), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 5), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 6), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 7), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 8), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 9), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 10), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 11), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 12), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 13), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 14), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 15), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 16), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 17), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 18), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 19), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 20), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 21), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 22), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 23), 0)
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
  CROSS JOIN LATERAL "wd_hour_parts"(s."started_at", s."stopped_at", l."time_zone") p
  WHERE s."id" = ANY(p_ids) AND s."stopped_at" IS NOT NULL GROUP BY 1, 2
  ON CONFLICT ("location_id", "day") DO UPDATE SET "h0" = t."h0" + excluded."h0", "h1" = t."h1" + excluded."h1", "h2" = t."h2" + excluded."h2", "h3" = t."h3" + excluded."h3", "h4" = t."h4" + excluded."h4", "h5" = t."h5" + excluded."h5", "h6" = t."h6" + excluded."h6", "h7" = t."h7" + excluded."h7", "h8" = t."h8" + excluded."h8", "h9" = t."h9" + excluded."h9", "h10" = t."h10" + excluded."h10", "h11" = t."h11" + excluded."h11", "h12" = t."h12" + excluded."h12", "h13" = t."h13" + excluded."h13", "h14" = t."h14" + excluded."h14", "h15" = t."h15" + excluded."h15", "h16" = t."h16" + excluded."h16", "h17" = t."h17" + excluded."h17", "h18" = t."h18" + excluded."h18", "h19" = t."h19" + excluded."h19", "h20" = t."h20" + excluded."h20", "h21" = t."h21" + excluded."h21", "h22" = t."h22" + excluded."h22", "h23" = t."h23" + excluded."h23";
  INSERT INTO "location_connector_sessions" AS t ("location_id", "day", "connector_type", "sessions")
  SELECT s."location_id", (s."started_at" AT TIME ZONE l."time_zone")::date,
    coalesce(CASE WHEN s."connector_id" >= 1 THEN c."connector_types" ->> (s."connector_id" - 1) END, 'Unknown'), count(*)
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id" JOIN "chargers" c ON c."id" = s."charger_id"
  WHERE s."id" = ANY(p_ids) GROUP BY 1, 2, 3
  ON CONFLICT ("location_id", "day", "connector_type") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions";
END $$;--> statement-breakpoint
-- 0031's function, likewise.
CREATE OR REPLACE FUNCTION "wd_charger_sessions_leaving"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
DROP TABLE "location_hourly_usage";
