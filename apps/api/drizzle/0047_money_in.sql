CREATE TABLE "driver_payment_methods" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_payment_method_id" text,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_payment_rules" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"unpaid_session_rule" text DEFAULT 'receivable' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_objects" (
	"provider" text NOT NULL,
	"object_id" text NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_objects_provider_object_id_pk" PRIMARY KEY("provider","object_id")
);
--> statement-breakpoint
CREATE TABLE "session_payments" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"driver_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_payment_id" text,
	"provider_fee_minor" bigint,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_payment_methods" ADD CONSTRAINT "driver_payment_methods_driver_id_drivers_user_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_payment_rules" ADD CONSTRAINT "location_payment_rules_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_sandbox_objects_kind_idx" ON "payment_sandbox_objects" USING btree ("provider","kind");--> statement-breakpoint
CREATE INDEX "session_payments_due_idx" ON "session_payments" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "session_payments_driver_idx" ON "session_payments" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "session_payments_location_idx" ON "session_payments" USING btree ("location_id","status","created_at");