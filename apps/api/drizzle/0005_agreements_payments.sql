CREATE TABLE "location_payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
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
	CONSTRAINT "location_payment_accounts_location_id_unique" UNIQUE("location_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_oauth_grants" (
	"code_sha256" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "send_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signed_pdf" "bytea";--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signed_pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "location_payment_accounts" ADD CONSTRAINT "location_payment_accounts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_oauth_grants" ADD CONSTRAINT "stripe_oauth_grants_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_oauth_grants_location_idx" ON "stripe_oauth_grants" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "agreements_location_created_idx" ON "agreements" USING btree ("location_id","created_at");