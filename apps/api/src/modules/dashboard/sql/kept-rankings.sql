-- Top and bottom chargers of a range ending near today are kept as a row per charger (charger_windows and
-- charger_window_stats, built on first use by the dashboard; decisions 057, 069) instead of grouping the charger × week
-- rollup on every overview.
--
-- Completed sessions add to the kept ranges that hold their local day; a charger's first session in a range adds its
-- row. Called after wd_roll_sessions, so a session takes the week rollup's lock before the kept rows' (the order a
-- range's build takes them in).
CREATE OR REPLACE FUNCTION wd_roll_session_windows(p_ids uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(p_ids, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO "charger_window_stats" AS w ("window_end", "days", "charger_id", "energy_wh", "sessions", "weekday_energy_wh", "weekday_sessions")
  SELECT k."window_end", k."days", s."charger_id", sum(s."energy_wh"), count(*),
    coalesce(sum(s."energy_wh") FILTER (WHERE extract(isodow FROM s."day") <= 5), 0), count(*) FILTER (WHERE extract(isodow FROM s."day") <= 5)
  FROM (SELECT cs."charger_id", (cs."started_at" AT TIME ZONE l."time_zone")::date AS "day", coalesce(cs."energy_wh", 0) AS "energy_wh"
    FROM "charging_sessions" cs JOIN "locations" l ON l."id" = cs."location_id" WHERE cs."id" = ANY(p_ids)) s
  JOIN "charger_windows" k ON s."day" BETWEEN k."window_end" - (k."days" - 1) AND k."window_end"
  GROUP BY 1, 2, 3
  ON CONFLICT ("window_end", "days", "charger_id") DO UPDATE SET "energy_wh" = w."energy_wh" + excluded."energy_wh", "sessions" = w."sessions" + excluded."sessions",
    "weekday_energy_wh" = w."weekday_energy_wh" + excluded."weekday_energy_wh", "weekday_sessions" = w."weekday_sessions" + excluded."weekday_sessions";
END $$;

-- A new charger joins every kept range with nothing delivered, so the bottom of a ranking is always an index range.
-- While a range is being built (it locks this table against writers), the insert waits and then joins it too. The
-- kept rows carry the charger's name: chargers that share a figure at the cut rank by it.
CREATE OR REPLACE FUNCTION wd_chargers_join_windows()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_window_stats" ("window_end", "days", "charger_id", "name")
  SELECT k."window_end", k."days", n."id", n."name" FROM new_chargers n CROSS JOIN "charger_windows" k ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER chargers_join_windows AFTER INSERT ON chargers REFERENCING NEW TABLE AS new_chargers
  FOR EACH STATEMENT EXECUTE FUNCTION wd_chargers_join_windows();

-- A renamed or moved charger: its copies follow in the same transaction (the kept rows' name, the connected
-- chargers' location).
CREATE OR REPLACE FUNCTION wd_chargers_copies()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."name" IS DISTINCT FROM OLD."name" THEN
    UPDATE "charger_window_stats" SET "name" = NEW."name" WHERE "charger_id" = NEW."id";
  END IF;
  IF NEW."location_id" IS DISTINCT FROM OLD."location_id" THEN
    UPDATE "charger_connected_since" SET "location_id" = NEW."location_id" WHERE "charger_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER chargers_copies AFTER UPDATE OF name, location_id ON chargers
  FOR EACH ROW EXECUTE FUNCTION wd_chargers_copies();
