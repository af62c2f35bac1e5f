CREATE TABLE "reseller_payment_accounts" (
	"organisation" text PRIMARY KEY DEFAULT 'reseller' NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"sandbox" boolean NOT NULL,
	"scope" text,
	"connected_by_user_id" uuid,
	"connected_by_email" text,
	"connected_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_payment_accounts_one" CHECK ("reseller_payment_accounts"."organisation" = 'reseller')
);
--> statement-breakpoint
CREATE TABLE "reseller_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"destination" text NOT NULL,
	"request_key" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_transfer_id" text,
	"provider_payout_id" text,
	"failure_reason" text,
	"requested_by_email" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_transfers_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "reseller_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "reseller_transfers_provider_payout_id_unique" UNIQUE("provider_payout_id")
);
--> statement-breakpoint
ALTER TABLE "stripe_oauth_grants" ALTER COLUMN "location_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "reseller_transfers_created_idx" ON "reseller_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_transfers_one_pending" ON "reseller_transfers" USING btree ("currency") WHERE status = 'pending';