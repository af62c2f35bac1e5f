CREATE TABLE "default_session_fees" (
	"currency" text PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"periods" jsonb NOT NULL,
	"session_fee_minor" integer NOT NULL,
	"session_fee_is_default" boolean NOT NULL,
	"idle_fee" jsonb NOT NULL,
	"violation_rules" jsonb NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_versions_location_effective_unique" UNIQUE("location_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "session_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" double precision NOT NULL,
	"unit" text NOT NULL,
	"period_index" integer,
	"rule" text,
	"amount_minor" bigint NOT NULL,
	"waived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "session_line_items_position_unique" UNIQUE("session_id","position")
);
--> statement-breakpoint
CREATE TABLE "session_prices" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"tariff_version_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"energy_wh" double precision NOT NULL,
	"charging_seconds" integer NOT NULL,
	"idle_seconds" integer NOT NULL,
	"priced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_status_changes" (
	"session_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "session_status_changes_session_id_at_pk" PRIMARY KEY("session_id","at")
);
--> statement-breakpoint
CREATE TABLE "violations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"charger_id" uuid NOT NULL,
	"id_tag" text NOT NULL,
	"rule" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"limit_minutes" integer NOT NULL,
	"actual_minutes" integer NOT NULL,
	"reason" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violations_session_rule_unique" UNIQUE("session_id","rule"),
	CONSTRAINT "violations_rule_check" CHECK ("violations"."rule" in ('max-stay', 'idle-limit')),
	CONSTRAINT "violations_status_check" CHECK ("violations"."status" in ('open', 'waived', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "idle_fees_options" SET DEFAULT '{"enabled":false,"pricePerMinute":0,"graceMinutes":0,"dailyCap":null,"freeHours":null}'::jsonb;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "session_fee_minor" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "violation_rules" jsonb DEFAULT '{"maxStay":null,"idleLimit":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "tariff_version_id" uuid;--> statement-breakpoint
ALTER TABLE "tariff_versions" ADD CONSTRAINT "tariff_versions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_line_items" ADD CONSTRAINT "session_line_items_session_id_session_prices_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session_prices"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_prices" ADD CONSTRAINT "session_prices_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_prices" ADD CONSTRAINT "session_prices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_prices" ADD CONSTRAINT "session_prices_tariff_version_id_tariff_versions_id_fk" FOREIGN KEY ("tariff_version_id") REFERENCES "public"."tariff_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_status_changes" ADD CONSTRAINT "session_status_changes_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_prices_location_priced_idx" ON "session_prices" USING btree ("location_id","priced_at");--> statement-breakpoint
CREATE INDEX "violations_location_detected_idx" ON "violations" USING btree ("location_id","detected_at");--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_tariff_version_id_tariff_versions_id_fk" FOREIGN KEY ("tariff_version_id") REFERENCES "public"."tariff_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" DROP COLUMN "session_fee";--> statement-breakpoint
ALTER TABLE "locations" DROP COLUMN "default_session_fee";