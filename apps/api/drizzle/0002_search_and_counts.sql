DROP INDEX "chargers_location_idx";--> statement-breakpoint
DROP INDEX "locations_name_idx";--> statement-breakpoint
ALTER TABLE "chargers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || charger_id || ' ' || model)) STORED;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "charger_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || city)) STORED;--> statement-breakpoint
CREATE INDEX "chargers_location_name_idx" ON "chargers" USING btree ("location_id","name","id");--> statement-breakpoint
CREATE INDEX "chargers_location_status_idx" ON "chargers" USING btree ("location_id","status");--> statement-breakpoint
CREATE INDEX "chargers_name_idx" ON "chargers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "chargers_status_idx" ON "chargers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "chargers_search_trgm_idx" ON "chargers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_search_trgm_idx" ON "locations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("name","id");