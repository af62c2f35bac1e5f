CREATE TABLE "ocpi_cdrs" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"partner_id" uuid,
	"body" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	CONSTRAINT "ocpi_cdrs_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "ocpi_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"command" text NOT NULL,
	"charger_id" uuid,
	"response_url" text NOT NULL,
	"request" jsonb NOT NULL,
	"result" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocpi_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"module" text NOT NULL,
	"object_key" text NOT NULL,
	"method" text NOT NULL,
	"path" text,
	"url" text,
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ocpi_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"country_code" text,
	"party_id" text,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"incoming_token_hash" text NOT NULL,
	"incoming_token_kind" text DEFAULT 'A' NOT NULL,
	"outgoing_token_sealed" text,
	"versions_url" text,
	"version" text,
	"endpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_exchange_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocpi_partners_status_check" CHECK ("ocpi_partners"."status" in ('PENDING', 'CONNECTED', 'SUSPENDED'))
);
--> statement-breakpoint
CREATE TABLE "ocpi_session_links" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"token_uid" text NOT NULL,
	"token_type" text NOT NULL,
	"contract_id" text NOT NULL,
	"auth_method" text NOT NULL,
	"authorization_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocpi_tokens" (
	"partner_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"party_id" text NOT NULL,
	"uid" text NOT NULL,
	"type" text NOT NULL,
	"contract_id" text NOT NULL,
	"valid" boolean NOT NULL,
	"whitelist" text NOT NULL,
	"body" jsonb NOT NULL,
	"last_updated" timestamp with time zone NOT NULL,
	CONSTRAINT "ocpi_tokens_key_unique" UNIQUE("country_code","party_id","uid","type")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "country_code" text DEFAULT 'USA' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "publish_to_roaming" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ocpi_cdrs" ADD CONSTRAINT "ocpi_cdrs_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpi_cdrs" ADD CONSTRAINT "ocpi_cdrs_partner_id_ocpi_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."ocpi_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpi_commands" ADD CONSTRAINT "ocpi_commands_partner_id_ocpi_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."ocpi_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpi_commands" ADD CONSTRAINT "ocpi_commands_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpi_outbox" ADD CONSTRAINT "ocpi_outbox_partner_id_ocpi_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."ocpi_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpi_session_links" ADD CONSTRAINT "ocpi_session_links_session_id_charging_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpi_session_links" ADD CONSTRAINT "ocpi_session_links_partner_id_ocpi_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."ocpi_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpi_tokens" ADD CONSTRAINT "ocpi_tokens_partner_id_ocpi_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."ocpi_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocpi_cdrs_partner_updated_idx" ON "ocpi_cdrs" USING btree ("partner_id","last_updated","id");--> statement-breakpoint
CREATE INDEX "ocpi_commands_open_idx" ON "ocpi_commands" USING btree ("deadline_at") WHERE "ocpi_commands"."result" is null;--> statement-breakpoint
CREATE INDEX "ocpi_outbox_pending_idx" ON "ocpi_outbox" USING btree ("partner_id","object_key","id") WHERE "ocpi_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "ocpi_outbox_due_idx" ON "ocpi_outbox" USING btree ("next_attempt_at") WHERE "ocpi_outbox"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ocpi_partners_incoming_token_unique" ON "ocpi_partners" USING btree ("incoming_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ocpi_partners_party_unique" ON "ocpi_partners" USING btree ("country_code","party_id") WHERE "ocpi_partners"."country_code" is not null;--> statement-breakpoint
CREATE INDEX "ocpi_session_links_partner_idx" ON "ocpi_session_links" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "ocpi_tokens_uid_idx" ON "ocpi_tokens" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "ocpi_tokens_partner_idx" ON "ocpi_tokens" USING btree ("partner_id","last_updated");