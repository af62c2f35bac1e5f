-- Decision 069: the overview's two reads that grew with the fleet, kept to index ranges. A ranking's chargers at the
-- cut (many share a figure of 0 in a new network or at the bottom) rank by name from the kept rows' own copy of it,
-- and the connected time still open is summed per location from the connected chargers' own copy of their location.
DROP INDEX "charger_window_stats_energy_idx";--> statement-breakpoint
DROP INDEX "charger_window_stats_weekday_energy_idx";--> statement-breakpoint
DROP INDEX "charger_window_stats_weekend_energy_idx";--> statement-breakpoint
ALTER TABLE "charger_connected_since" ADD COLUMN "location_id" uuid;--> statement-breakpoint
UPDATE "charger_connected_since" o SET "location_id" = c."location_id" FROM "chargers" c WHERE c."id" = o."charger_id";--> statement-breakpoint
ALTER TABLE "charger_connected_since" ALTER COLUMN "location_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "charger_window_stats" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "charger_window_stats" w SET "name" = c."name" FROM "chargers" c WHERE c."id" = w."charger_id";--> statement-breakpoint
CREATE INDEX "charger_connected_since_location_since_idx" ON "charger_connected_since" USING btree ("location_id","since");--> statement-breakpoint
CREATE INDEX "charger_window_stats_energy_idx" ON "charger_window_stats" USING btree ("window_end","days","energy_wh","name","charger_id");--> statement-breakpoint
CREATE INDEX "charger_window_stats_weekday_energy_idx" ON "charger_window_stats" USING btree ("window_end","days","weekday_energy_wh","name","charger_id");--> statement-breakpoint
CREATE INDEX "charger_window_stats_weekend_energy_idx" ON "charger_window_stats" USING btree ("window_end","days",("energy_wh" - "weekday_energy_wh"),"name","charger_id");--> statement-breakpoint
-- The 0030 function; the connected chargers' rows carry their location.
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
  INSERT INTO "charger_connected_since" AS t ("charger_id", "since", "location_id")
  SELECT last."charger_id", last."at", c."location_id" FROM last JOIN "chargers" c ON c."id" = last."charger_id" WHERE last."online"
  ON CONFLICT ("charger_id") DO UPDATE SET "since" = excluded."since", "location_id" = excluded."location_id";
END $$;--> statement-breakpoint
-- The 0036 function; a new charger's kept rows carry its name.
CREATE OR REPLACE FUNCTION "wd_chargers_join_windows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_window_stats" ("window_end", "days", "charger_id", "name")
  SELECT k."window_end", k."days", n."id", n."name" FROM new_chargers n CROSS JOIN "charger_windows" k ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A renamed or moved charger: its copies follow in the same transaction.
CREATE OR REPLACE FUNCTION "wd_chargers_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."name" IS DISTINCT FROM OLD."name" THEN
    UPDATE "charger_window_stats" SET "name" = NEW."name" WHERE "charger_id" = NEW."id";
  END IF;
  IF NEW."location_id" IS DISTINCT FROM OLD."location_id" THEN
    UPDATE "charger_connected_since" SET "location_id" = NEW."location_id" WHERE "charger_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chargers_copies" AFTER UPDATE OF "name", "location_id" ON "chargers" FOR EACH ROW EXECUTE FUNCTION "wd_chargers_copies"();
