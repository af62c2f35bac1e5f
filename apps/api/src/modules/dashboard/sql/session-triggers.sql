-- What a write to charging_sessions does to the rollups: a session counts once it is completed (wd_roll_sessions,
-- wd_roll_session_windows), and on its driver and local day while it is completed (wd_add_driver_days).
CREATE OR REPLACE FUNCTION wd_sessions_inserted()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[]; v_drivers text[]; v_days date[]; v_deltas integer[];
BEGIN
  v_ids := array(SELECT "id" FROM new_sessions WHERE "status" = 'completed');
  PERFORM "wd_roll_sessions"(v_ids);
  PERFORM "wd_roll_session_windows"(v_ids);
  SELECT array_agg(coalesce(n."driver_id"::text, n."id_tag")), array_agg((n."started_at" AT TIME ZONE l."time_zone")::date), array_agg(1)
  INTO v_drivers, v_days, v_deltas
  FROM new_sessions n JOIN "locations" l ON l."id" = n."location_id" WHERE n."status" = 'completed';
  PERFORM "wd_add_driver_days"(v_drivers, v_days, v_deltas);
  RETURN NULL;
END $$;

-- A session counts while it is completed, on its driver and day: an update that changes either moves its count.
CREATE OR REPLACE FUNCTION wd_sessions_updated()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[]; v_drivers text[]; v_days date[]; v_deltas integer[];
BEGIN
  v_ids := array(SELECT n."id" FROM new_sessions n JOIN old_sessions o ON o."id" = n."id"
    WHERE n."status" = 'completed' AND o."status" <> 'completed');
  PERFORM "wd_roll_sessions"(v_ids);
  PERFORM "wd_roll_session_windows"(v_ids);
  WITH changed AS (
    SELECT o."status" AS "old_status", coalesce(o."driver_id"::text, o."id_tag") AS "old_driver", o."started_at" AS "old_start", o."location_id" AS "old_location",
      n."status" AS "new_status", coalesce(n."driver_id"::text, n."id_tag") AS "new_driver", n."started_at" AS "new_start", n."location_id" AS "new_location"
    FROM new_sessions n JOIN old_sessions o ON o."id" = n."id"
    WHERE (n."status", coalesce(n."driver_id"::text, n."id_tag"), n."started_at", n."location_id")
      IS DISTINCT FROM (o."status", coalesce(o."driver_id"::text, o."id_tag"), o."started_at", o."location_id")),
  moves AS (
    SELECT c."old_driver" AS "driver", (c."old_start" AT TIME ZONE l."time_zone")::date AS "day", -1 AS "delta"
    FROM changed c JOIN "locations" l ON l."id" = c."old_location" WHERE c."old_status" = 'completed'
    UNION ALL
    SELECT c."new_driver", (c."new_start" AT TIME ZONE l."time_zone")::date, 1
    FROM changed c JOIN "locations" l ON l."id" = c."new_location" WHERE c."new_status" = 'completed')
  SELECT array_agg(m."driver"), array_agg(m."day"), array_agg(m."delta") INTO v_drivers, v_days, v_deltas FROM moves m;
  PERFORM "wd_add_driver_days"(v_drivers, v_days, v_deltas);
  RETURN NULL;
END $$;

-- Sessions deleted (a charger's, by its cascade): their counts go. A location's own delete is taken by
-- wd_location_sessions_leaving (driver-days.sql) before its row goes.
CREATE OR REPLACE FUNCTION wd_sessions_deleted()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_drivers text[]; v_days date[]; v_deltas integer[];
BEGIN
  SELECT array_agg(coalesce(o."driver_id"::text, o."id_tag")), array_agg((o."started_at" AT TIME ZONE l."time_zone")::date), array_agg(-1)
  INTO v_drivers, v_days, v_deltas
  FROM old_sessions o JOIN "locations" l ON l."id" = o."location_id" WHERE o."status" = 'completed';
  PERFORM "wd_add_driver_days"(v_drivers, v_days, v_deltas);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER charging_sessions_rollup_insert AFTER INSERT ON charging_sessions REFERENCING NEW TABLE AS new_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION wd_sessions_inserted();

CREATE OR REPLACE TRIGGER charging_sessions_rollup_update AFTER UPDATE ON charging_sessions REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION wd_sessions_updated();

CREATE OR REPLACE TRIGGER charging_sessions_rollup_delete AFTER DELETE ON charging_sessions REFERENCING OLD TABLE AS old_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION wd_sessions_deleted();
