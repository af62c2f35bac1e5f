-- Violations per charger and local day of their detection, to charger_daily_stats and location_daily_stats in one statement.
CREATE OR REPLACE FUNCTION wd_roll_violations(p_ids uuid[])
RETURNS void LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE FUNCTION wd_violations_inserted()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_violations"(array(SELECT "id" FROM new_violations));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER violations_rollup_insert AFTER INSERT ON violations REFERENCING NEW TABLE AS new_violations
  FOR EACH STATEMENT EXECUTE FUNCTION wd_violations_inserted();
