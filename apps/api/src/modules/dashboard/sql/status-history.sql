-- The status history (decision 036): a row for each new charger and each change of its status or of whether it is
-- connected, at the transaction's time.
CREATE OR REPLACE FUNCTION wd_chargers_inserted()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_status_changes" ("charger_id", "at", "status", "online") SELECT "id", now(), "status", "connected_node" IS NOT NULL FROM new_chargers;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION wd_chargers_updated()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_status_changes" ("charger_id", "at", "status", "online")
  SELECT n."id", now(), n."status", n."connected_node" IS NOT NULL FROM new_chargers n JOIN old_chargers o ON o."id" = n."id"
  WHERE n."status" IS DISTINCT FROM o."status" OR (n."connected_node" IS NULL) <> (o."connected_node" IS NULL);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER chargers_status_history_insert AFTER INSERT ON chargers REFERENCING NEW TABLE AS new_chargers
  FOR EACH STATEMENT EXECUTE FUNCTION wd_chargers_inserted();

CREATE OR REPLACE TRIGGER chargers_status_history_update AFTER UPDATE ON chargers REFERENCING OLD TABLE AS old_chargers NEW TABLE AS new_chargers
  FOR EACH STATEMENT EXECUTE FUNCTION wd_chargers_updated();

-- Online (connected) time: each appended change closes the interval since the charger's previous change, cut at the
-- location's local days, added to charger_daily_stats and location_daily_stats. Then each changed charger's last change
-- says whether it is connected now, since when and where (charger_connected_since), so the overview reads one row per
-- connected charger instead of each charger's history (decisions 057, 069).
CREATE OR REPLACE FUNCTION wd_roll_status_changes(p_ids bigint[])
RETURNS void LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE FUNCTION wd_status_changes_inserted()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_status_changes"(array(SELECT "id" FROM new_changes));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER charger_status_changes_rollup AFTER INSERT ON charger_status_changes REFERENCING NEW TABLE AS new_changes
  FOR EACH STATEMENT EXECUTE FUNCTION wd_status_changes_inserted();
