CREATE TABLE "charger_daily_stats" (
	"charger_id" uuid NOT NULL,
	"day" date NOT NULL,
	"location_id" uuid NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"energy_wh" double precision DEFAULT 0 NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL,
	"idle_seconds" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"online_seconds" bigint DEFAULT 0 NOT NULL,
	"violations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "charger_daily_stats_charger_id_day_pk" PRIMARY KEY("charger_id","day")
);
--> statement-breakpoint
CREATE TABLE "charger_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charger_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"online" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_connector_sessions" (
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"connector_type" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "location_connector_sessions_location_id_day_connector_type_pk" PRIMARY KEY("location_id","day","connector_type")
);
--> statement-breakpoint
CREATE TABLE "location_hourly_usage" (
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"session_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "location_hourly_usage_location_id_day_hour_pk" PRIMARY KEY("location_id","day","hour")
);
--> statement-breakpoint
ALTER TABLE "charger_daily_stats" ADD CONSTRAINT "charger_daily_stats_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_daily_stats" ADD CONSTRAINT "charger_daily_stats_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_status_changes" ADD CONSTRAINT "charger_status_changes_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_connector_sessions" ADD CONSTRAINT "location_connector_sessions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_hourly_usage" ADD CONSTRAINT "location_hourly_usage_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_daily_stats_location_day_idx" ON "charger_daily_stats" USING btree ("location_id","day");--> statement-breakpoint
CREATE INDEX "charger_status_changes_charger_at_idx" ON "charger_status_changes" USING btree ("charger_id","at");