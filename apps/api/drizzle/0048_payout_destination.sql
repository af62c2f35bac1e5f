ALTER TABLE "location_bank_accounts" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "location_bank_accounts" ADD COLUMN "stripe_external_account_id" text;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD COLUMN "destination_bank" text;