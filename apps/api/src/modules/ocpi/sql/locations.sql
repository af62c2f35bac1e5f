-- OCPI Locations (issue 42, decision 078): what partners see of a published location changes with our rows, so the
-- database keeps Location.last_updated (locations.ocpi_updated_at) and queues each EVSE status change as a PATCH in
-- the outbox, in the transaction of the change, whatever path wrote it (StatusNotification, a connection opening or
-- closing, maintenance, a session). Locations nobody publishes cost one look at a partial index per statement.

-- OCPI 2.2.1 Status of an EVSE (one of our connectors, decision 072) from the charger's derived status
-- (db/charger-status.ts), the station's report (connector 0) and the connector's own report. Offline is UNKNOWN
-- ("also used when offline"); maintenance, ours or the charger's, is INOPERATIVE (temporarily not available, not
-- broken); a fault is OUTOFORDER; a plugged-in car is CHARGING ("in use") until the session ends, then BLOCKED while
-- it still occupies the spot (Finishing). GET answers and pushes both read this one function.
CREATE OR REPLACE FUNCTION wd_ocpi_evse_status(charger text, station text, connector text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN charger = 'offline' THEN 'UNKNOWN'
    WHEN charger = 'maintenance' THEN 'INOPERATIVE'
    WHEN station = 'Faulted' OR connector = 'Faulted' THEN 'OUTOFORDER'
    WHEN connector IN ('Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE') THEN 'CHARGING'
    WHEN connector = 'Finishing' THEN 'BLOCKED'
    WHEN connector = 'Reserved' THEN 'RESERVED'
    WHEN connector = 'Unavailable' THEN 'INOPERATIVE'
    WHEN connector = 'Available' THEN 'AVAILABLE'
    WHEN connector IS NULL AND charger = 'available' THEN 'AVAILABLE'
    ELSE 'UNKNOWN' END
$$;

-- OCPI DateTime: UTC to the second, e.g. 2015-06-29T20:39:09Z.
CREATE OR REPLACE FUNCTION wd_ocpi_datetime(at timestamp with time zone)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;

-- EVSEs whose OCPI status moved (`p_changes`: [{charger_id, connector_id, status}] of chargers at published
-- locations): the locations' last_updated moves, and every connected partner with a Locations RECEIVER endpoint gets
-- a PATCH {status, last_updated} of /{country_code}/{party_id}/{location_id}/{evse_uid}. The uid is evseUidOf
-- (packages/shared/src/ocpi/ids.ts): the charger's own id, '-', the connector number. Pushes of one location share
-- its object key with the PUTs of the whole Location, so a partner gets them in the order they happened.
CREATE OR REPLACE FUNCTION wd_ocpi_queue_evse_statuses(p_changes jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT DISTINCT c."location_id", c."charger_id" || '-' || x."connector_id" AS "uid", x."connector_id", x."status"
    FROM jsonb_to_recordset(p_changes) AS x("charger_id" uuid, "connector_id" int, "status" text)
    JOIN "chargers" c ON c."id" = x."charger_id"
    WHERE x."connector_id" BETWEEN 1 AND jsonb_array_length(c."connector_types")),
  bumped AS (UPDATE "locations" l SET "ocpi_updated_at" = now() WHERE l."id" IN (SELECT "location_id" FROM changed) AND l."publish_to_roaming")
  INSERT INTO "ocpi_outbox" ("partner_id", "module", "object_key", "method", "path", "body")
  SELECT p."id", 'locations', 'location:' || ch."location_id", 'PATCH',
    '/' || o."country_code" || '/' || o."party_id" || '/' || ch."location_id" || '/' || ch."uid",
    jsonb_build_object('status', ch."status", 'last_updated', "wd_ocpi_datetime"(now()))
  FROM changed ch
  JOIN "locations" l ON l."id" = ch."location_id" AND l."publish_to_roaming"
  CROSS JOIN "ocpi_party" o
  JOIN "ocpi_partners" p ON p."status" = 'CONNECTED' AND p."endpoints" @> '[{"identifier": "locations", "role": "RECEIVER"}]'::jsonb
  ORDER BY ch."location_id", ch."uid", p."id";
END $$;

-- A connector's report (connector 0: the station, for all its EVSEs), before and after, with the charger's status
-- and the other reports as they stand. `p_reports`: [{charger_id, connector_id, before, after}] of published chargers.
CREATE OR REPLACE FUNCTION wd_ocpi_reports_changed(p_reports jsonb)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_ocpi_queue_evse_statuses"(coalesce(jsonb_agg(jsonb_build_object('charger_id', e."charger_id", 'connector_id', e."connector_id", 'status', e."after")), '[]'::jsonb))
  FROM (
    SELECT r."charger_id", r."connector_id",
      "wd_ocpi_evse_status"(c."status", s."status", r."before") AS "before", "wd_ocpi_evse_status"(c."status", s."status", r."after") AS "after"
    FROM jsonb_to_recordset(p_reports) AS r("charger_id" uuid, "connector_id" int, "before" text, "after" text)
    JOIN "chargers" c ON c."id" = r."charger_id"
    LEFT JOIN "connector_states" s ON s."charger_id" = r."charger_id" AND s."connector_id" = 0
    WHERE r."connector_id" > 0
    UNION ALL
    SELECT r."charger_id", n."n",
      "wd_ocpi_evse_status"(c."status", r."before", k."status"), "wd_ocpi_evse_status"(c."status", r."after", k."status")
    FROM jsonb_to_recordset(p_reports) AS r("charger_id" uuid, "connector_id" int, "before" text, "after" text)
    JOIN "chargers" c ON c."id" = r."charger_id"
    CROSS JOIN LATERAL generate_series(1, jsonb_array_length(c."connector_types")) AS n("n")
    LEFT JOIN "connector_states" k ON k."charger_id" = r."charger_id" AND k."connector_id" = n."n"
    WHERE r."connector_id" = 0) e
  WHERE e."before" IS DISTINCT FROM e."after";
END $$;

CREATE OR REPLACE FUNCTION wd_ocpi_connector_states_inserted()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "locations" WHERE "publish_to_roaming") THEN
    PERFORM "wd_ocpi_reports_changed"(coalesce(jsonb_agg(jsonb_build_object('charger_id', n."charger_id", 'connector_id', n."connector_id", 'before', NULL, 'after', n."status")), '[]'::jsonb))
    FROM new_states n JOIN "chargers" c ON c."id" = n."charger_id" JOIN "locations" l ON l."id" = c."location_id" AND l."publish_to_roaming";
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION wd_ocpi_connector_states_updated()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "locations" WHERE "publish_to_roaming") THEN
    PERFORM "wd_ocpi_reports_changed"(coalesce(jsonb_agg(jsonb_build_object('charger_id', n."charger_id", 'connector_id', n."connector_id", 'before', o."status", 'after', n."status")), '[]'::jsonb))
    FROM new_states n JOIN old_states o ON o."charger_id" = n."charger_id" AND o."connector_id" = n."connector_id"
    JOIN "chargers" c ON c."id" = n."charger_id" JOIN "locations" l ON l."id" = c."location_id" AND l."publish_to_roaming"
    WHERE o."status" IS DISTINCT FROM n."status";
  END IF;
  RETURN NULL;
END $$;

-- Chargers: a derived status that moves changes its EVSEs' statuses; a change of what the EVSE object shows
-- (identity, connectors, power, the location it is at) or a charger added or removed moves last_updated.
CREATE OR REPLACE FUNCTION wd_ocpi_chargers_updated()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "locations" WHERE "publish_to_roaming") THEN
    PERFORM "wd_ocpi_queue_evse_statuses"(coalesce(jsonb_agg(jsonb_build_object('charger_id', e."id", 'connector_id', e."n", 'status', e."after")), '[]'::jsonb))
    FROM (
      SELECT n."id", k."n", "wd_ocpi_evse_status"(o."status", s."status", cs."status") AS "before", "wd_ocpi_evse_status"(n."status", s."status", cs."status") AS "after"
      FROM new_chargers n JOIN old_chargers o ON o."id" = n."id" AND o."status" IS DISTINCT FROM n."status"
      JOIN "locations" l ON l."id" = n."location_id" AND l."publish_to_roaming"
      CROSS JOIN LATERAL generate_series(1, jsonb_array_length(n."connector_types")) AS k("n")
      LEFT JOIN "connector_states" s ON s."charger_id" = n."id" AND s."connector_id" = 0
      LEFT JOIN "connector_states" cs ON cs."charger_id" = n."id" AND cs."connector_id" = k."n") e
    WHERE e."before" IS DISTINCT FROM e."after";
    UPDATE "locations" l SET "ocpi_updated_at" = now()
    FROM new_chargers n JOIN old_chargers o ON o."id" = n."id"
    WHERE l."publish_to_roaming" AND l."id" IN (n."location_id", o."location_id")
      AND (n."charger_id", n."location_id", n."connector_types", n."max_power_kw", n."kind") IS DISTINCT FROM (o."charger_id", o."location_id", o."connector_types", o."max_power_kw", o."kind");
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION wd_ocpi_chargers_added_or_removed()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "locations" l SET "ocpi_updated_at" = now() WHERE l."publish_to_roaming" AND l."id" IN (SELECT "location_id" FROM new_chargers);
  ELSE
    UPDATE "locations" l SET "ocpi_updated_at" = now() WHERE l."publish_to_roaming" AND l."id" IN (SELECT "location_id" FROM old_chargers);
  END IF;
  RETURN NULL;
END $$;

-- A location's own fields that its Location object shows (or its publication) move last_updated.
CREATE OR REPLACE FUNCTION wd_ocpi_location_touched()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."name", NEW."address_line1", NEW."address_line2", NEW."city", NEW."zip_code", NEW."state", NEW."lng", NEW."lat", NEW."time_zone", NEW."country_code", NEW."publish_to_roaming")
    IS DISTINCT FROM (OLD."name", OLD."address_line1", OLD."address_line2", OLD."city", OLD."zip_code", OLD."state", OLD."lng", OLD."lat", OLD."time_zone", OLD."country_code", OLD."publish_to_roaming") THEN
    NEW."ocpi_updated_at" := now();
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER ocpi_connector_states_insert AFTER INSERT ON connector_states REFERENCING NEW TABLE AS new_states
  FOR EACH STATEMENT EXECUTE FUNCTION wd_ocpi_connector_states_inserted();

CREATE OR REPLACE TRIGGER ocpi_connector_states_update AFTER UPDATE ON connector_states REFERENCING OLD TABLE AS old_states NEW TABLE AS new_states
  FOR EACH STATEMENT EXECUTE FUNCTION wd_ocpi_connector_states_updated();

CREATE OR REPLACE TRIGGER ocpi_chargers_update AFTER UPDATE ON chargers REFERENCING OLD TABLE AS old_chargers NEW TABLE AS new_chargers
  FOR EACH STATEMENT EXECUTE FUNCTION wd_ocpi_chargers_updated();

CREATE OR REPLACE TRIGGER ocpi_chargers_insert AFTER INSERT ON chargers REFERENCING NEW TABLE AS new_chargers
  FOR EACH STATEMENT EXECUTE FUNCTION wd_ocpi_chargers_added_or_removed();

CREATE OR REPLACE TRIGGER ocpi_chargers_delete AFTER DELETE ON chargers REFERENCING OLD TABLE AS old_chargers
  FOR EACH STATEMENT EXECUTE FUNCTION wd_ocpi_chargers_added_or_removed();

CREATE OR REPLACE TRIGGER ocpi_location_touched BEFORE UPDATE ON locations
  FOR EACH ROW EXECUTE FUNCTION wd_ocpi_location_touched();
