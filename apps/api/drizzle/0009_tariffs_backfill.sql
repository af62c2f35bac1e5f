-- Idle fee options of the earlier shape were never used for pricing: the new, disabled default replaces them.
UPDATE "locations"
SET "idle_fees_options" = '{"enabled":false,"pricePerMinute":0,"graceMinutes":0,"dailyCap":null,"freeHours":null}'::jsonb
WHERE NOT ("idle_fees_options" ? 'pricePerMinute');
--> statement-breakpoint
-- Which sessions a version priced: the dashboard and the ledger look sessions up by it.
CREATE INDEX IF NOT EXISTS "charging_sessions_tariff_version_idx" ON "charging_sessions" ("tariff_version_id");
