CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"term_months" integer NOT NULL,
	"host_bps" integer,
	"reseller_bps" integer,
	"platform_bps" integer,
	"currency" text,
	"monthly_fee_minor" bigint,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"movement_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"account" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"event" text NOT NULL,
	"reference" text NOT NULL,
	"session_id" uuid,
	"transfer_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"destination" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"period_from" timestamp with time zone,
	"period_to" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"provider_transfer_id" text,
	"provider_payout_id" text,
	"failure_reason" text,
	"requested_by_email" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payout_transfers_provider_payout_id_unique" UNIQUE("provider_payout_id")
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"host_bps" integer NOT NULL,
	"reseller_bps" integer NOT NULL,
	"platform_bps" integer NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_shares_location_effective_unique" UNIQUE("location_id","effective_from"),
	CONSTRAINT "revenue_shares_add_up" CHECK ("revenue_shares"."host_bps" + "revenue_shares"."reseller_bps" + "revenue_shares"."platform_bps" = 10000)
);
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_shares" ADD CONSTRAINT "revenue_shares_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_location_idx" ON "deals" USING btree ("location_id","start_date");--> statement-breakpoint
CREATE INDEX "ledger_location_account_idx" ON "ledger_entries" USING btree ("location_id","account","currency");--> statement-breakpoint
CREATE INDEX "ledger_location_occurred_idx" ON "ledger_entries" USING btree ("location_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reference_unique" ON "ledger_entries" USING btree ("event","reference","account");--> statement-breakpoint
CREATE INDEX "payout_transfers_location_created_idx" ON "payout_transfers" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_one_pending" ON "payout_transfers" USING btree ("location_id","currency") WHERE status = 'pending';