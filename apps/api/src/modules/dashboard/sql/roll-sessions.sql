-- Dashboard rollups (decisions 036, 057): kept by triggers in the transaction of the change, whatever path makes it
-- (OCPP messages, waivers, the seed). Statement-level triggers with transition tables, so a bulk insert of a thousand
-- sessions is one upsert per rollup, not a thousand.
--
-- What completed sessions add, grouped once per charger and local day of their start: counts, energy and duration to
-- charger_daily_stats, to charger_weekly_stats (the columns of its ISO weekday; the rankings read it) and to
-- location_daily_stats in one statement, so the rollups cannot drift; session time per local hour to
-- location_daily_hours (a column per hour; the heat map reads it); sessions per connector type.
CREATE OR REPLACE FUNCTION wd_roll_sessions(p_ids uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(p_ids, 1), 0) = 0 THEN RETURN; END IF;
  WITH d AS (
    SELECT s."charger_id", (s."started_at" AT TIME ZONE l."time_zone")::date AS "day", s."location_id", count(*) AS "sessions",
      sum(coalesce(s."energy_wh", 0)) AS "energy_wh", sum(round(extract(epoch FROM coalesce(s."stopped_at", s."started_at") - s."started_at"))::bigint) AS "session_seconds"
    FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
    WHERE s."id" = ANY(p_ids) GROUP BY 1, 2, 3),
  by_charger AS (
    INSERT INTO "charger_daily_stats" AS t ("charger_id", "day", "location_id", "sessions", "energy_wh", "session_seconds")
    SELECT "charger_id", "day", "location_id", "sessions", "energy_wh", "session_seconds" FROM d
    ON CONFLICT ("charger_id", "day") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions",
      "energy_wh" = t."energy_wh" + excluded."energy_wh", "session_seconds" = t."session_seconds" + excluded."session_seconds"),
  by_week AS (
    INSERT INTO "charger_weekly_stats" AS t ("charger_id", "week", "energy_wh_1", "energy_wh_2", "energy_wh_3", "energy_wh_4", "energy_wh_5", "energy_wh_6", "energy_wh_7",
      "sessions_1", "sessions_2", "sessions_3", "sessions_4", "sessions_5", "sessions_6", "sessions_7")
    SELECT "charger_id", "day" - (extract(isodow FROM "day")::int - 1),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 1), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 2), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 3), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 4), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 5), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 6), 0),
      coalesce(sum("energy_wh") FILTER (WHERE extract(isodow FROM "day") = 7), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 1), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 2), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 3), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 4), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 5), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 6), 0),
      coalesce(sum("sessions") FILTER (WHERE extract(isodow FROM "day") = 7), 0)
    FROM d GROUP BY 1, 2
    ON CONFLICT ("charger_id", "week") DO UPDATE SET "energy_wh_1" = t."energy_wh_1" + excluded."energy_wh_1", "energy_wh_2" = t."energy_wh_2" + excluded."energy_wh_2", "energy_wh_3" = t."energy_wh_3" + excluded."energy_wh_3", "energy_wh_4" = t."energy_wh_4" + excluded."energy_wh_4", "energy_wh_5" = t."energy_wh_5" + excluded."energy_wh_5", "energy_wh_6" = t."energy_wh_6" + excluded."energy_wh_6", "energy_wh_7" = t."energy_wh_7" + excluded."energy_wh_7",
      "sessions_1" = t."sessions_1" + excluded."sessions_1", "sessions_2" = t."sessions_2" + excluded."sessions_2", "sessions_3" = t."sessions_3" + excluded."sessions_3", "sessions_4" = t."sessions_4" + excluded."sessions_4", "sessions_5" = t."sessions_5" + excluded."sessions_5", "sessions_6" = t."sessions_6" + excluded."sessions_6", "sessions_7" = t."sessions_7" + excluded."sessions_7")
  INSERT INTO "location_daily_stats" AS t ("location_id", "day", "sessions", "energy_wh", "session_seconds")
  SELECT "location_id", "day", sum("sessions"), sum("energy_wh"), sum("session_seconds") FROM d GROUP BY 1, 2
  ON CONFLICT ("location_id", "day") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions",
    "energy_wh" = t."energy_wh" + excluded."energy_wh", "session_seconds" = t."session_seconds" + excluded."session_seconds";
  INSERT INTO "location_daily_hours" AS t ("location_id", "day", "h0", "h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8", "h9", "h10", "h11", "h12", "h13", "h14", "h15", "h16", "h17", "h18", "h19", "h20", "h21", "h22", "h23")
  SELECT s."location_id", p."day",
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 0), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 1), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 2), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 3), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 4), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 5), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 6), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 7), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 8), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 9), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 10), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 11), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 12), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 13), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 14), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 15), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 16), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 17), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 18), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 19), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 20), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 21), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 22), 0),
    coalesce(sum(p."seconds") FILTER (WHERE p."hour" = 23), 0)
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id"
  CROSS JOIN LATERAL "wd_hour_parts"(s."started_at", s."stopped_at", l."time_zone") p
  WHERE s."id" = ANY(p_ids) AND s."stopped_at" IS NOT NULL GROUP BY 1, 2
  ON CONFLICT ("location_id", "day") DO UPDATE SET "h0" = t."h0" + excluded."h0", "h1" = t."h1" + excluded."h1", "h2" = t."h2" + excluded."h2", "h3" = t."h3" + excluded."h3", "h4" = t."h4" + excluded."h4", "h5" = t."h5" + excluded."h5", "h6" = t."h6" + excluded."h6", "h7" = t."h7" + excluded."h7", "h8" = t."h8" + excluded."h8", "h9" = t."h9" + excluded."h9", "h10" = t."h10" + excluded."h10", "h11" = t."h11" + excluded."h11", "h12" = t."h12" + excluded."h12", "h13" = t."h13" + excluded."h13", "h14" = t."h14" + excluded."h14", "h15" = t."h15" + excluded."h15", "h16" = t."h16" + excluded."h16", "h17" = t."h17" + excluded."h17", "h18" = t."h18" + excluded."h18", "h19" = t."h19" + excluded."h19", "h20" = t."h20" + excluded."h20", "h21" = t."h21" + excluded."h21", "h22" = t."h22" + excluded."h22", "h23" = t."h23" + excluded."h23";
  INSERT INTO "location_connector_sessions" AS t ("location_id", "day", "connector_type", "sessions")
  SELECT s."location_id", (s."started_at" AT TIME ZONE l."time_zone")::date,
    coalesce(CASE WHEN s."connector_id" >= 1 THEN c."connector_types" ->> (s."connector_id" - 1) END, 'Unknown'), count(*)
  FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id" JOIN "chargers" c ON c."id" = s."charger_id"
  WHERE s."id" = ANY(p_ids) GROUP BY 1, 2, 3
  ON CONFLICT ("location_id", "day", "connector_type") DO UPDATE SET "sessions" = t."sessions" + excluded."sessions";
END $$;
