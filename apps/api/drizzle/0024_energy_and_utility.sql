CREATE TABLE "charger_energy_settings" (
	"charger_id" uuid PRIMARY KEY NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"link" text DEFAULT 'direct' NOT NULL,
	"gateway_charger_id" uuid,
	"controller_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_power_settings" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"supply_unit" text,
	"supply_capacity" integer,
	"phases" integer,
	"voltage" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"limit_mode" text DEFAULT 'fixed' NOT NULL,
	"limit_w" integer DEFAULT 0 NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_per_session_w" integer DEFAULT 1400 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_allocations" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"charger_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"allocated_w" integer NOT NULL,
	"profile_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utility_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"utility_config_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"energy_kwh" double precision,
	"cost_minor" integer,
	"file_key" text,
	"file_name" text,
	"file_size" integer,
	"file_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utility_bills_month_unique" UNIQUE("utility_config_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "utility_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_number" text NOT NULL,
	"rate_schedule" text NOT NULL,
	"meters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utility_configs_account_unique" UNIQUE("location_id","provider","account_number")
);
--> statement-breakpoint
CREATE TABLE "utility_intervals" (
	"utility_config_id" uuid NOT NULL,
	"meter" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"kwh" double precision NOT NULL,
	CONSTRAINT "utility_intervals_utility_config_id_meter_start_at_pk" PRIMARY KEY("utility_config_id","meter","start_at")
);
--> statement-breakpoint
ALTER TABLE "charger_energy_settings" ADD CONSTRAINT "charger_energy_settings_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_energy_settings" ADD CONSTRAINT "charger_energy_settings_gateway_charger_id_chargers_id_fk" FOREIGN KEY ("gateway_charger_id") REFERENCES "public"."chargers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_power_settings" ADD CONSTRAINT "location_power_settings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_allocations" ADD CONSTRAINT "power_allocations_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_allocations" ADD CONSTRAINT "power_allocations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_bills" ADD CONSTRAINT "utility_bills_utility_config_id_utility_configs_id_fk" FOREIGN KEY ("utility_config_id") REFERENCES "public"."utility_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_configs" ADD CONSTRAINT "utility_configs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utility_intervals" ADD CONSTRAINT "utility_intervals_utility_config_id_utility_configs_id_fk" FOREIGN KEY ("utility_config_id") REFERENCES "public"."utility_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_energy_settings_gateway_idx" ON "charger_energy_settings" USING btree ("gateway_charger_id");--> statement-breakpoint
CREATE INDEX "power_allocations_location_idx" ON "power_allocations" USING btree ("location_id");