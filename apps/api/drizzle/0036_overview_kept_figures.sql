-- The overview of a whole network (decision 057) keeps two figures that read every session or every charger-week of
-- a range.
-- Unique drivers: a row per driver and month (driver_month_days) instead of a distinct count over every completed
-- session of the range (about 500,000 at 2,000 locations and 30 days). Each completed session counts once on its
-- driver (account, else ID tag) and the local day of its start, the day the other rollups count it on; a session
-- that stops being completed, changes driver or leaves takes its count back, and a month whose counts all go back to
-- zero goes.
-- Top and bottom chargers: a range ending near today is kept as a row per charger (charger_windows, built on first
-- use by the dashboard) instead of grouping the charger × week rollup (250,000 rows at 50,000 chargers); each
-- completed session adds to the kept ranges that hold its local day.
-- Stored with the row, where the overview added columns on every row: a day's session seconds over its 24 hours
-- (location_daily_hours.total) and a driver's month as a bit per day with a session (driver_month_days.days).
CREATE TABLE "charger_window_stats" (
	"window_end" date NOT NULL,
	"days" integer NOT NULL,
	"charger_id" uuid NOT NULL,
	"energy_wh" double precision DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"weekday_energy_wh" double precision DEFAULT 0 NOT NULL,
	"weekday_sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "charger_window_stats_window_end_days_charger_id_pk" PRIMARY KEY("window_end","days","charger_id")
);
--> statement-breakpoint
CREATE TABLE "charger_windows" (
	"window_end" date NOT NULL,
	"days" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_windows_window_end_days_pk" PRIMARY KEY("window_end","days")
);
--> statement-breakpoint
CREATE TABLE "driver_month_days" (
	"driver" text NOT NULL,
	"month" date NOT NULL,
	"d1" integer DEFAULT 0 NOT NULL,
	"d2" integer DEFAULT 0 NOT NULL,
	"d3" integer DEFAULT 0 NOT NULL,
	"d4" integer DEFAULT 0 NOT NULL,
	"d5" integer DEFAULT 0 NOT NULL,
	"d6" integer DEFAULT 0 NOT NULL,
	"d7" integer DEFAULT 0 NOT NULL,
	"d8" integer DEFAULT 0 NOT NULL,
	"d9" integer DEFAULT 0 NOT NULL,
	"d10" integer DEFAULT 0 NOT NULL,
	"d11" integer DEFAULT 0 NOT NULL,
	"d12" integer DEFAULT 0 NOT NULL,
	"d13" integer DEFAULT 0 NOT NULL,
	"d14" integer DEFAULT 0 NOT NULL,
	"d15" integer DEFAULT 0 NOT NULL,
	"d16" integer DEFAULT 0 NOT NULL,
	"d17" integer DEFAULT 0 NOT NULL,
	"d18" integer DEFAULT 0 NOT NULL,
	"d19" integer DEFAULT 0 NOT NULL,
	"d20" integer DEFAULT 0 NOT NULL,
	"d21" integer DEFAULT 0 NOT NULL,
	"d22" integer DEFAULT 0 NOT NULL,
	"d23" integer DEFAULT 0 NOT NULL,
	"d24" integer DEFAULT 0 NOT NULL,
	"d25" integer DEFAULT 0 NOT NULL,
	"d26" integer DEFAULT 0 NOT NULL,
	"d27" integer DEFAULT 0 NOT NULL,
	"d28" integer DEFAULT 0 NOT NULL,
	"d29" integer DEFAULT 0 NOT NULL,
	"d30" integer DEFAULT 0 NOT NULL,
	"d31" integer DEFAULT 0 NOT NULL,
	"days" integer GENERATED ALWAYS AS (("d1" > 0)::int | (("d2" > 0)::int << 1) | (("d3" > 0)::int << 2) | (("d4" > 0)::int << 3) | (("d5" > 0)::int << 4) | (("d6" > 0)::int << 5) | (("d7" > 0)::int << 6) | (("d8" > 0)::int << 7) | (("d9" > 0)::int << 8) | (("d10" > 0)::int << 9) | (("d11" > 0)::int << 10) | (("d12" > 0)::int << 11) | (("d13" > 0)::int << 12) | (("d14" > 0)::int << 13) | (("d15" > 0)::int << 14) | (("d16" > 0)::int << 15) | (("d17" > 0)::int << 16) | (("d18" > 0)::int << 17) | (("d19" > 0)::int << 18) | (("d20" > 0)::int << 19) | (("d21" > 0)::int << 20) | (("d22" > 0)::int << 21) | (("d23" > 0)::int << 22) | (("d24" > 0)::int << 23) | (("d25" > 0)::int << 24) | (("d26" > 0)::int << 25) | (("d27" > 0)::int << 26) | (("d28" > 0)::int << 27) | (("d29" > 0)::int << 28) | (("d30" > 0)::int << 29) | (("d31" > 0)::int << 30)) STORED,
	CONSTRAINT "driver_month_days_driver_month_pk" PRIMARY KEY("driver","month")
);
--> statement-breakpoint
ALTER TABLE "location_daily_hours" ADD COLUMN "total" bigint GENERATED ALWAYS AS ("h0"::bigint + "h1" + "h2" + "h3" + "h4" + "h5" + "h6" + "h7" + "h8" + "h9" + "h10" + "h11" + "h12" + "h13" + "h14" + "h15" + "h16" + "h17" + "h18" + "h19" + "h20" + "h21" + "h22" + "h23") STORED;--> statement-breakpoint
ALTER TABLE "charger_window_stats" ADD CONSTRAINT "charger_window_stats_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_window_stats" ADD CONSTRAINT "charger_window_stats_window_end_days_charger_windows_window_end_days_fk" FOREIGN KEY ("window_end","days") REFERENCES "public"."charger_windows"("window_end","days") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_window_stats_energy_idx" ON "charger_window_stats" USING btree ("window_end","days","energy_wh");--> statement-breakpoint
CREATE INDEX "charger_window_stats_weekday_energy_idx" ON "charger_window_stats" USING btree ("window_end","days","weekday_energy_wh");--> statement-breakpoint
CREATE INDEX "charger_window_stats_weekend_energy_idx" ON "charger_window_stats" USING btree ("window_end","days",("energy_wh" - "weekday_energy_wh"));--> statement-breakpoint
-- Completed sessions add to the kept ranges that hold their local day; a charger's first session in a range adds its
-- row. Called after wd_roll_sessions, so a session takes the week rollup's lock before the kept rows' (the order a
-- range's build takes them in).
CREATE OR REPLACE FUNCTION "wd_roll_session_windows"(p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
-- Adds (or, with negative deltas, takes back) sessions per driver and local day.
CREATE OR REPLACE FUNCTION "wd_add_driver_days"(p_drivers text[], p_days date[], p_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(p_drivers, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO "driver_month_days" AS t ("driver", "month", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15", "d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23", "d24", "d25", "d26", "d27", "d28", "d29", "d30", "d31")
  SELECT u."driver", date_trunc('month', u."day")::date,
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 1), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 2), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 3), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 4), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 5), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 6), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 7), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 8), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 9), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 10), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 11), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 12), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 13), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 14), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 15), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 16), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 17), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 18), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 19), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 20), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 21), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 22), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 23), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 24), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 25), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 26), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 27), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 28), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 29), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 30), 0),
    coalesce(sum(u."delta") FILTER (WHERE extract(day FROM u."day") = 31), 0)
  FROM unnest(p_drivers, p_days, p_deltas) AS u("driver", "day", "delta") GROUP BY 1, 2
  ON CONFLICT ("driver", "month") DO UPDATE SET "d1" = t."d1" + excluded."d1", "d2" = t."d2" + excluded."d2", "d3" = t."d3" + excluded."d3", "d4" = t."d4" + excluded."d4", "d5" = t."d5" + excluded."d5", "d6" = t."d6" + excluded."d6", "d7" = t."d7" + excluded."d7", "d8" = t."d8" + excluded."d8", "d9" = t."d9" + excluded."d9", "d10" = t."d10" + excluded."d10", "d11" = t."d11" + excluded."d11", "d12" = t."d12" + excluded."d12", "d13" = t."d13" + excluded."d13", "d14" = t."d14" + excluded."d14", "d15" = t."d15" + excluded."d15", "d16" = t."d16" + excluded."d16", "d17" = t."d17" + excluded."d17", "d18" = t."d18" + excluded."d18", "d19" = t."d19" + excluded."d19", "d20" = t."d20" + excluded."d20", "d21" = t."d21" + excluded."d21", "d22" = t."d22" + excluded."d22", "d23" = t."d23" + excluded."d23", "d24" = t."d24" + excluded."d24", "d25" = t."d25" + excluded."d25", "d26" = t."d26" + excluded."d26", "d27" = t."d27" + excluded."d27", "d28" = t."d28" + excluded."d28", "d29" = t."d29" + excluded."d29", "d30" = t."d30" + excluded."d30", "d31" = t."d31" + excluded."d31";
  -- A month whose counts all went back to zero names a driver (an account or a tag) for nothing: it goes.
  DELETE FROM "driver_month_days" t USING unnest(p_drivers, p_days, p_deltas) AS u("driver", "day", "delta")
  WHERE u."delta" < 0 AND t."driver" = u."driver" AND t."month" = date_trunc('month', u."day")::date AND t."days" = 0;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_sessions_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
-- A session counts while it is completed, on its driver and day: an update that changes either moves its count.
CREATE OR REPLACE FUNCTION "wd_sessions_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
-- Sessions deleted (a charger's, by its cascade): their counts go. A location's own delete is taken in the trigger
-- below, before its row goes: by the time the cascade reaches the sessions, its time zone can no longer be read.
CREATE OR REPLACE FUNCTION "wd_sessions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_drivers text[]; v_days date[]; v_deltas integer[];
BEGIN
  SELECT array_agg(coalesce(o."driver_id"::text, o."id_tag")), array_agg((o."started_at" AT TIME ZONE l."time_zone")::date), array_agg(-1)
  INTO v_drivers, v_days, v_deltas
  FROM old_sessions o JOIN "locations" l ON l."id" = o."location_id" WHERE o."status" = 'completed';
  PERFORM "wd_add_driver_days"(v_drivers, v_days, v_deltas);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "charging_sessions_rollup_delete" AFTER DELETE ON "charging_sessions" REFERENCING OLD TABLE AS old_sessions FOR EACH STATEMENT EXECUTE FUNCTION "wd_sessions_deleted"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "wd_location_sessions_leaving"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_drivers text[]; v_days date[]; v_deltas integer[];
BEGIN
  SELECT array_agg(coalesce(s."driver_id"::text, s."id_tag")), array_agg((s."started_at" AT TIME ZONE OLD."time_zone")::date), array_agg(-1)
  INTO v_drivers, v_days, v_deltas
  FROM "charging_sessions" s WHERE s."location_id" = OLD."id" AND s."status" = 'completed';
  PERFORM "wd_add_driver_days"(v_drivers, v_days, v_deltas);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "locations_driver_days_leaving" BEFORE DELETE ON "locations" FOR EACH ROW EXECUTE FUNCTION "wd_location_sessions_leaving"();--> statement-breakpoint
-- What exists already.
SELECT "wd_add_driver_days"(coalesce(array_agg(coalesce(s."driver_id"::text, s."id_tag")), '{}'), coalesce(array_agg((s."started_at" AT TIME ZONE l."time_zone")::date), '{}'), coalesce(array_agg(1), '{}'))
FROM "charging_sessions" s JOIN "locations" l ON l."id" = s."location_id" WHERE s."status" = 'completed';--> statement-breakpoint
-- A new charger joins every kept range with nothing delivered, so the bottom of a ranking is always an index range.
-- While a range is being built (it locks this table against writers), the insert waits and then joins it too.
CREATE OR REPLACE FUNCTION "wd_chargers_join_windows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "charger_window_stats" ("window_end", "days", "charger_id")
  SELECT k."window_end", k."days", n."id" FROM new_chargers n CROSS JOIN "charger_windows" k ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chargers_join_windows" AFTER INSERT ON "chargers" REFERENCING NEW TABLE AS new_chargers FOR EACH STATEMENT EXECUTE FUNCTION "wd_chargers_join_windows"();
