CREATE TABLE "channel_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"recipient" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"error_code" text,
	"error_message" text,
	"permanent" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"from_number" text NOT NULL,
	"user_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_windows" (
	"channel" text NOT NULL,
	"number" text NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messaging_windows_channel_number_pk" PRIMARY KEY("channel","number")
);
--> statement-breakpoint
CREATE TABLE "number_verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verified_numbers" (
	"number" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"verified_via" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminder_channels" text[] DEFAULT '{email}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_verification_codes" ADD CONSTRAINT "number_verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_numbers" ADD CONSTRAINT "verified_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_receipts_once_key" ON "channel_receipts" USING btree ("channel","provider_message_id","status");--> statement-breakpoint
CREATE INDEX "channel_receipts_message_idx" ON "channel_receipts" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_provider_key" ON "inbound_messages" USING btree ("channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_from_idx" ON "inbound_messages" USING btree ("from_number","received_at");--> statement-breakpoint
CREATE INDEX "number_verification_codes_user_idx" ON "number_verification_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "number_verification_codes_number_idx" ON "number_verification_codes" USING btree ("number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verified_numbers_user_key" ON "verified_numbers" USING btree ("user_id");