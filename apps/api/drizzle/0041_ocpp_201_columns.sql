ALTER TABLE "chargers" ADD COLUMN "ocpp_version" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "charger_transaction_id" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_charger_transaction_unique" UNIQUE("charger_id","charger_transaction_id");--> statement-breakpoint
ALTER TABLE "chargers" ADD CONSTRAINT "chargers_ocpp_version_check" CHECK ("chargers"."ocpp_version" in ('1.6', '2.0.1'));