CREATE TABLE "charger_connected_since" (
	"charger_id" uuid PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charger_connected_since" ADD CONSTRAINT "charger_connected_since_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
