-- locations.charger_count follows the chargers table whatever adds, removes or moves a charger: statement-level
-- triggers with transition tables, so a batch of a thousand rows is one update per location.
CREATE OR REPLACE FUNCTION chargers_count_added()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "locations" l SET "charger_count" = l."charger_count" + d.n
  FROM (SELECT "location_id", count(*)::int AS n FROM added GROUP BY "location_id") d
  WHERE l."id" = d."location_id";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION chargers_count_removed()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "locations" l SET "charger_count" = l."charger_count" - d.n
  FROM (SELECT "location_id", count(*)::int AS n FROM removed GROUP BY "location_id") d
  WHERE l."id" = d."location_id";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION chargers_count_moved()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "locations" l SET "charger_count" = l."charger_count" + d.n
  FROM (
    SELECT "location_id", sum(n)::int AS n FROM (
      SELECT "location_id", 1 AS n FROM added
      UNION ALL
      SELECT "location_id", -1 AS n FROM removed
    ) moves GROUP BY "location_id"
  ) d
  WHERE l."id" = d."location_id" AND d.n <> 0;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER chargers_count_insert AFTER INSERT ON chargers REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION chargers_count_added();

CREATE OR REPLACE TRIGGER chargers_count_delete AFTER DELETE ON chargers REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION chargers_count_removed();

CREATE OR REPLACE TRIGGER chargers_count_update AFTER UPDATE ON chargers REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION chargers_count_moved();
