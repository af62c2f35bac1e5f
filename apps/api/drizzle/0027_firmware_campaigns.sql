CREATE TABLE "firmware_campaign_chargers" (
	"campaign_id" uuid NOT NULL,
	"charger_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"previous_version" text,
	"reported_version" text,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_campaign_chargers_campaign_id_charger_id_pk" PRIMARY KEY("campaign_id","charger_id"),
	CONSTRAINT "firmware_campaign_chargers_state_check" CHECK ("firmware_campaign_chargers"."state" in ('pending', 'sent', 'downloading', 'downloaded', 'installing', 'installed', 'updated', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "firmware_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"models" text[] NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"first_stage_percent" integer NOT NULL,
	"current_stage" integer DEFAULT 1 NOT NULL,
	"stage_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retrieve_at" timestamp with time zone NOT NULL,
	"retries" integer NOT NULL,
	"retry_interval_seconds" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_campaigns_status_check" CHECK ("firmware_campaigns"."status" in ('running', 'paused', 'halted', 'aborted', 'completed')),
	CONSTRAINT "firmware_campaigns_stage_check" CHECK ("firmware_campaigns"."first_stage_percent" between 1 and 100 and "firmware_campaigns"."current_stage" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "firmware_campaign_chargers" ADD CONSTRAINT "firmware_campaign_chargers_campaign_id_firmware_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."firmware_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign_chargers" ADD CONSTRAINT "firmware_campaign_chargers_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_image_id_firmware_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."firmware_images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firmware_campaign_chargers_charger_idx" ON "firmware_campaign_chargers" USING btree ("charger_id","state");--> statement-breakpoint
CREATE INDEX "firmware_campaigns_location_idx" ON "firmware_campaigns" USING btree ("location_id","created_at");