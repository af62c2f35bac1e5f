ALTER TABLE "firmware_campaigns" DROP CONSTRAINT "firmware_campaigns_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;