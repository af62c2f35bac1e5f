-- Revenue and idle time of stored prices, on the local day the session started (a waiver changes the total: the
-- difference is added), to charger_daily_stats and location_daily_stats in one statement.
CREATE OR REPLACE FUNCTION wd_roll_prices(p_changes jsonb)
RETURNS void LANGUAGE plpgsql AS $$
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
END $$;

CREATE OR REPLACE FUNCTION wd_prices_inserted()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_prices"(coalesce((SELECT jsonb_agg(jsonb_build_object('id', "session_id", 'total', "total_minor", 'idle', "idle_seconds")) FROM new_prices), '[]'));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION wd_prices_updated()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_prices"(coalesce((SELECT jsonb_agg(jsonb_build_object('id', n."session_id", 'total', n."total_minor" - o."total_minor", 'idle', n."idle_seconds" - o."idle_seconds"))
    FROM new_prices n JOIN old_prices o ON o."session_id" = n."session_id"
    WHERE n."total_minor" <> o."total_minor" OR n."idle_seconds" <> o."idle_seconds"), '[]'));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER session_prices_rollup_insert AFTER INSERT ON session_prices REFERENCING NEW TABLE AS new_prices
  FOR EACH STATEMENT EXECUTE FUNCTION wd_prices_inserted();

CREATE OR REPLACE TRIGGER session_prices_rollup_update AFTER UPDATE ON session_prices REFERENCING OLD TABLE AS old_prices NEW TABLE AS new_prices
  FOR EACH STATEMENT EXECUTE FUNCTION wd_prices_updated();
