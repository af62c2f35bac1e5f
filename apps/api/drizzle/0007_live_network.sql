CREATE TABLE "charger_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "charger_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"charger_code" text NOT NULL,
	"charger_id" uuid,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "charging_sessions_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"charger_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"connector_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"meter_start_wh" double precision NOT NULL,
	"meter_last_wh" double precision NOT NULL,
	"meter_stop_wh" double precision,
	"energy_wh" double precision GENERATED ALWAYS AS (greatest(coalesce(meter_stop_wh, meter_last_wh) - meter_start_wh, 0)) STORED,
	"power_w" double precision,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charging_sessions_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "charging_sessions_start_unique" UNIQUE("charger_id","connector_id","started_at","id_tag")
);
--> statement-breakpoint
CREATE TABLE "connector_states" (
	"charger_id" uuid NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" text DEFAULT 'NoError' NOT NULL,
	"info" text,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connector_states_charger_id_connector_id_pk" PRIMARY KEY("charger_id","connector_id")
);
--> statement-breakpoint
CREATE TABLE "meter_samples" (
	"session_id" uuid NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"energy_wh" double precision,
	"power_w" double precision,
	"current_a" double precision,
	"voltage_v" double precision,
	"soc" double precision,
	CONSTRAINT "meter_samples_session_id_sampled_at_pk" PRIMARY KEY("session_id","sampled_at")
);
--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "ocpp_password_hash" text;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "firmware_version" text;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "vendor" text;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "availability" text DEFAULT 'operative' NOT NULL;--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "connected_node" text;--> statement-breakpoint
ALTER TABLE "charger_events" ADD CONSTRAINT "charger_events_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_states" ADD CONSTRAINT "connector_states_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_samples" ADD CONSTRAINT "meter_samples_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_events_charger_seq_idx" ON "charger_events" USING btree ("charger_id","seq");--> statement-breakpoint
CREATE INDEX "charger_events_code_idx" ON "charger_events" USING btree ("charger_code");--> statement-breakpoint
CREATE INDEX "charging_sessions_location_started_idx" ON "charging_sessions" USING btree ("location_id","started_at");--> statement-breakpoint
CREATE INDEX "charging_sessions_active_idx" ON "charging_sessions" USING btree ("charger_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "charging_sessions_id_tag_idx" ON "charging_sessions" USING btree ("id_tag");