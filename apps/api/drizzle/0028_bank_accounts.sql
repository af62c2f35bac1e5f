CREATE TABLE "location_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"provider" text DEFAULT 'plaid' NOT NULL,
	"item_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"account_name" text NOT NULL,
	"mask" text,
	"account_type" text NOT NULL,
	"account_subtype" text,
	"sandbox" boolean NOT NULL,
	"linked_by_user_id" uuid,
	"linked_by_email" text,
	"linked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_bank_accounts_location_id_unique" UNIQUE("location_id")
);
--> statement-breakpoint
ALTER TABLE "location_bank_accounts" ADD CONSTRAINT "location_bank_accounts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;