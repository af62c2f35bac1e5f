CREATE TABLE "driver_access_settings" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"accept_unknown_tags" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"main_driver_id" uuid,
	"allowed_location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"allowed_charger_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"allowed_days" text DEFAULT 'all-days' NOT NULL,
	"hour_from" integer,
	"hour_to" integer,
	"max_kwh_per_session" double precision,
	"max_sessions_per_day" integer,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_role_check" CHECK ("drivers"."role" in ('user', 'sub-user')),
	CONSTRAINT "drivers_allowed_days_check" CHECK ("drivers"."allowed_days" in ('all-days', 'weekdays', 'weekends')),
	CONSTRAINT "drivers_sub_user_check" CHECK (("drivers"."role" = 'sub-user') = ("drivers"."main_driver_id" is not null)),
	CONSTRAINT "drivers_hours_check" CHECK (("drivers"."hour_from" is null) = ("drivers"."hour_to" is null) and "drivers"."hour_from" between 0 and 23 and "drivers"."hour_to" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "id_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag" text NOT NULL,
	"driver_id" uuid NOT NULL,
	"kind" text DEFAULT 'rfid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_tags_tag_unique" UNIQUE("tag"),
	CONSTRAINT "id_tags_upper_check" CHECK ("id_tags"."tag" = upper("id_tags"."tag"))
);
--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "driver_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_access_settings" ADD CONSTRAINT "driver_access_settings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_main_driver_id_drivers_user_id_fk" FOREIGN KEY ("main_driver_id") REFERENCES "public"."drivers"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_tags" ADD CONSTRAINT "id_tags_driver_id_drivers_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drivers_location_idx" ON "drivers" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "drivers_main_driver_idx" ON "drivers" USING btree ("main_driver_id");--> statement-breakpoint
CREATE INDEX "id_tags_driver_idx" ON "id_tags" USING btree ("driver_id");--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_driver_id_drivers_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charging_sessions_driver_started_idx" ON "charging_sessions" USING btree ("driver_id","started_at");