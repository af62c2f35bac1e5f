CREATE TABLE "charger_device_reports" (
	"charger_id" uuid NOT NULL,
	"request_id" integer NOT NULL,
	"last_seq_no" integer NOT NULL,
	"complete" boolean NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_device_reports_charger_id_pk" PRIMARY KEY("charger_id")
);
--> statement-breakpoint
CREATE TABLE "charger_variables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charger_id" uuid NOT NULL,
	"component" text NOT NULL,
	"component_instance" text,
	"evse_id" integer,
	"connector_id" integer,
	"variable" text NOT NULL,
	"variable_instance" text,
	"attribute_type" text DEFAULT 'Actual' NOT NULL,
	"value" text,
	"mutability" text DEFAULT 'ReadWrite' NOT NULL,
	"data_type" text,
	"unit" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charger_variables_identity_unique" UNIQUE NULLS NOT DISTINCT("charger_id","component","component_instance","evse_id","connector_id","variable","variable_instance","attribute_type")
);
--> statement-breakpoint
ALTER TABLE "charger_device_reports" ADD CONSTRAINT "charger_device_reports_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_variables" ADD CONSTRAINT "charger_variables_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_variables_charger_component_idx" ON "charger_variables" USING btree ("charger_id","component","variable");