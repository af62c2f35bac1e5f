CREATE TABLE "ocpi_party" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	CONSTRAINT "ocpi_party_single_check" CHECK ("ocpi_party"."single")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "ocpi_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_ocpi_published_idx" ON "locations" USING btree ("ocpi_updated_at","id") WHERE "locations"."publish_to_roaming";