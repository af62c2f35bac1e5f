-- No two live bookings of a charger overlap, whatever the application races: an exclusion constraint on the
-- charger and the booking's half-open time range. btree_gist lets the gist index compare the uuid with =.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "charger_bookings" ADD CONSTRAINT "charger_bookings_no_overlap"
  EXCLUDE USING gist ("charger_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("cancelled_at" IS NULL);
