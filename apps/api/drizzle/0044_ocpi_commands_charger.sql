ALTER TABLE "ocpi_commands" ADD COLUMN "ocpp_reservation_id" integer;--> statement-breakpoint
CREATE INDEX "ocpi_commands_charger_idx" ON "ocpi_commands" USING btree ("charger_id","created_at");