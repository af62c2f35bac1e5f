-- Dashboard rollups (decision 036): kept by triggers in the transaction of the change, whatever path makes it
-- (OCPP messages, waivers, the seed), then filled once from what already exists. Statement-level triggers with
-- transition tables, so a bulk insert of a thousand sessions is one upsert per rollup, not a thousand.

-- The parts of [p_from, p_to) that fall on each local day of p_tz.
CREATE OR REPLACE FUNCTION "wd_day_parts"(p_from timestamptz, p_to timestamptz, p_tz text)
RETURNS TABLE("day" date, "seconds" bigint) LANGUAGE sql STABLE AS $$
  SELECT d::date, round(extract(epoch FROM least(p_to, (d::date + 1)::timestamp AT TIME ZONE p_tz) - greatest(p_from, d::timestamp AT TIME ZONE p_tz)))::bigint
  FROM generate_series((p_from AT TIME ZONE p_tz)::date, (p_to AT TIME ZONE p_tz)::date, interval '1 day') d
  WHERE p_to > p_from AND least(p_to, (d::date + 1)::timestamp AT TIME ZONE p_tz) > greatest(p_from, d::timestamp AT TIME ZONE p_tz)
$$;--> statement-breakpoint
-- The parts of [p_from, p_to) that fall in each local hour of p_tz. Steps are absolute hours from the local
-- hour p_from is in, so a repeated hour (autumn) counts twice and a skipped one (spring) not at all.
CREATE OR REPLACE FUNCTION "wd_hour_parts"(p_from timestamptz, p_to timestamptz, p_tz text)
RETURNS TABLE("day" date, "hour" smallint, "seconds" bigint) LANGUAGE sql STABLE AS $$
  SELECT (h AT TIME ZONE p_tz)::date, extract(hour FROM h AT TIME ZONE p_tz)::smallint,
    round(extract(epoch FROM least(p_to, h + interval '1 hour') - greatest(p_from, h)))::bigint
  FROM generate_series(p_from - ((p_from AT TIME ZONE p_tz) - date_trunc('hour', p_from AT TIME ZONE p_tz)), p_to, interval '1 hour') h
  WHERE p_to > p_from AND least(p_to, h + interval '1 hour') > greatest(p_from, h)
$$;--> statement-breakpoint
-- What stopped sessions add: counts, energy and duration on the local day they started; session time per
-- local hour; sessions per connector type.
CREATE OR REPLACE FUNCTION "wd_roll_sessions"(p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(p_ids, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "sessions", "energy_wh", "session_seconds")
  SELECT s."charger_id", (s."started_at" AT TIME ZONE l."time_zone")::date, s."location_id", count(*), sum(coalesce(s."energy_wh", 0)),
    sum(round(extract(epoch FROM coalesce(s."stopped_at", s."started_at") - s."started_at"))::bigint)
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
  WHERE s."id" = ANY(p_ids) GROUP BY 1, 2, 3
  ON CONFLICT ("charger_id", "day") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions",
    "energy_wh" = t."energy_wh" + excluded."energy_wh", "session_seconds" = t."session_seconds" + excluded."session_seconds";
  INSERT INTO "location_hourly_usage" AS t ("location_id", "day", "hour", "session_seconds")
  SELECT s."location_id", p."day", p."hour", sum(p."seconds")
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
  CROSS JOIN LATERAL "wd_hour_parts"(s."started_at", s."stopped_at", l."time_zone") p
  WHERE s."id" = ANY(p_ids) AND s."stopped_at" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("location_id", "day", "hour") DO UPDATE SET "session_seconds" = t."session_seconds" + excluded."session_seconds";
  INSERT INTO "location_connector_sessions" AS t ("location_id", "day", "connector_type", "sessions")
  SELECT s."location_id", (s."started_at" AT TIME ZONE l."time_zone")::date,
    coalesce(CASE WHEN s."connector_id" >= 1 THEN c."connector_types" ->> (s."connector_id" - 1) END, 'Unknown'), count(*)
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id" JOIN "chargers" c ON c."id" = s."charger_id"
  WHERE s."id" = ANY(p_ids) GROUP BY 1, 2, 3
  ON CONFLICT ("location_id", "day", "connector_type") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions";
END $$;--> statement-breakpoint
-- Revenue and idle time of stored prices (a waiver changes the total: the difference is added).
CREATE OR REPLACE FUNCTION "wd_roll_prices"(p_changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "revenue_minor", "idle_seconds")
  SELECT s."charger_id", (s."started_at" AT TIME ZONE l."time_zone")::date, s."location_id", sum((c ->> 'total')::bigint), sum((c ->> 'idle')::bigint)
  FROM jsonb_array_elements(p_changes) c
  JOIN "charging_sessions" s ON s."id" = (c ->> 'id')::uuid JOIN "locations" l ON l."id" = s."location_id"
  GROUP BY 1, 2, 3
  ON CONFLICT ("charger_id", "day") DO UPDATE SET "revenue_minor" = t."revenue_minor" + excluded."revenue_minor",
    "idle_seconds" = t."idle_seconds" + excluded."idle_seconds";
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_roll_violations"(p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "violations")
  SELECT v."charger_id", (v."detected_at" AT TIME ZONE l."time_zone")::date, c."location_id", count(*)
  FROM "violations" v JOIN "chargers" c ON c."id" = v."charger_id" JOIN "locations" l ON l."id" = c."location_id"
  WHERE v."id" = ANY(p_ids) GROUP BY 1, 2, 3
  ON CONFLICT ("charger_id", "day") DO UPDATE SET "violations" = t."violations" + excluded."violations";
END $$;--> statement-breakpoint
-- Online (connected) time: each appended change closes the interval since the charger's previous change.
CREATE OR REPLACE FUNCTION "wd_roll_status_changes"(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "online_seconds")
  SELECT n."charger_id", p."day", c."location_id", sum(p."seconds")
  FROM "charger_status_changes" n JOIN "chargers" c ON c."id" = n."charger_id" JOIN "locations" l ON l."id" = c."location_id"
  CROSS JOIN LATERAL (SELECT q."at", q."online" FROM "charger_status_changes" q
    WHERE q."charger_id" = n."charger_id" AND (q."at" < n."at" OR (q."at" = n."at" AND q."id" < n."id")) ORDER BY q."at" DESC, q."id" DESC LIMIT 1) prev
  CROSS JOIN LATERAL "wd_day_parts"(prev."at", n."at", l."time_zone") p
  WHERE n."id" = ANY(p_ids) AND prev."online" GROUP BY 1, 2, 3
  ON CONFLICT ("charger_id", "day") DO UPDATE SET "online_seconds" = t."online_seconds" + excluded."online_seconds";
END $$;--> statement-breakpoint
-- Fill the rollups from what exists, before the triggers start counting.
SELECT "wd_roll_sessions"(array(SELECT "id" FROM "charging_sessions" WHERE "status" = 'completed'));--> statement-breakpoint
SELECT "wd_roll_prices"(coalesce((SELECT jsonb_agg(jsonb_build_object('id', "session_id", 'total', "total_minor", 'idle', "idle_seconds")) FROM "session_prices"), '[]'));--> statement-breakpoint
SELECT "wd_roll_violations"(array(SELECT "id" FROM "violations"));--> statement-breakpoint
-- No history before now: each charger's status starts being measured at this migration.
INSERT INTO "charger_status_changes" ("charger_id", "at", "status", "online") SELECT "id", now(), "status", "connected_node" IS NOT NULL FROM "chargers";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_sessions_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_sessions"(array(SELECT "id" FROM new_sessions WHERE "status" = 'completed'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_sessions_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_sessions"(array(SELECT n."id" FROM new_sessions n JOIN old_sessions o ON o."id" = n."id"
    WHERE n."status" = 'completed' AND o."status" <> 'completed'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "charging_sessions_rollup_insert" AFTER INSERT ON "charging_sessions" REFERENCING NEW TABLE AS new_sessions FOR EACH STATEMENT EXECUTE FUNCTION "wd_sessions_inserted"();--> statement-breakpoint
CREATE TRIGGER "charging_sessions_rollup_update" AFTER UPDATE ON "charging_sessions" REFERENCING NEW TABLE AS new_sessions OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION "wd_sessions_updated"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_prices_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_prices"(coalesce((SELECT jsonb_agg(jsonb_build_object('id', "session_id", 'total', "total_minor", 'idle', "idle_seconds")) FROM new_prices), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_prices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_prices"(coalesce((SELECT jsonb_agg(jsonb_build_object('id', n."session_id", 'total', n."total_minor" - o."total_minor", 'idle', n."idle_seconds" - o."idle_seconds"))
    FROM new_prices n JOIN old_prices o ON o."session_id" = n."session_id"
    WHERE n."total_minor" <> o."total_minor" OR n."idle_seconds" <> o."idle_seconds"), '[]'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_prices_rollup_insert" AFTER INSERT ON "session_prices" REFERENCING NEW TABLE AS new_prices FOR EACH STATEMENT EXECUTE FUNCTION "wd_prices_inserted"();--> statement-breakpoint
CREATE TRIGGER "session_prices_rollup_update" AFTER UPDATE ON "session_prices" REFERENCING NEW TABLE AS new_prices OLD TABLE AS old_prices FOR EACH STATEMENT EXECUTE FUNCTION "wd_prices_updated"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_violations_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_violations"(array(SELECT "id" FROM new_violations));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "violations_rollup_insert" AFTER INSERT ON "violations" REFERENCING NEW TABLE AS new_violations FOR EACH STATEMENT EXECUTE FUNCTION "wd_violations_inserted"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_status_changes_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "wd_roll_status_changes"(array(SELECT "id" FROM new_changes));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "charger_status_changes_rollup" AFTER INSERT ON "charger_status_changes" REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION "wd_status_changes_inserted"();--> statement-breakpoint
-- The history itself: a row for each new charger and each change of chargers.status, at the transaction's time.
CREATE OR REPLACE FUNCTION "wd_chargers_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_status_changes" ("charger_id", "at", "status", "online") SELECT "id", now(), "status", "connected_node" IS NOT NULL FROM new_chargers;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_chargers_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_status_changes" ("charger_id", "at", "status", "online")
  SELECT n."id", now(), n."status", n."connected_node" IS NOT NULL FROM new_chargers n JOIN old_chargers o ON o."id" = n."id"
  WHERE n."status" IS DISTINCT FROM o."status" OR (n."connected_node" IS NULL) <> (o."connected_node" IS NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chargers_status_history_insert" AFTER INSERT ON "chargers" REFERENCING NEW TABLE AS new_chargers FOR EACH STATEMENT EXECUTE FUNCTION "wd_chargers_inserted"();--> statement-breakpoint
CREATE TRIGGER "chargers_status_history_update" AFTER UPDATE ON "chargers" REFERENCING NEW TABLE AS new_chargers OLD TABLE AS old_chargers FOR EACH STATEMENT EXECUTE FUNCTION "wd_chargers_updated"();
