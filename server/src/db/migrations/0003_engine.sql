CREATE TABLE "access_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"message_id" uuid NOT NULL,
	"recipient_id" uuid,
	"release_id" uuid NOT NULL,
	"condition_id" uuid,
	"deadline" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient_id" uuid,
	"grant_id" uuid,
	"address" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sealed_token" text,
	"token_key_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engine_heartbeat" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	"beat_by" text
);
--> statement-breakpoint
CREATE TABLE "reminder_delivery_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_id" uuid,
	"delivery_id" uuid,
	"message_id" uuid NOT NULL,
	"condition_id" uuid,
	"recipient" text NOT NULL,
	"delivery_channel" text NOT NULL,
	"delivery_status" text NOT NULL,
	"response_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"condition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"reminder_type" text NOT NULL,
	"offset_minutes" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"delivery_priority" text NOT NULL,
	"retry_strategy" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"claimed_by" text,
	"released_at" timestamp with time zone,
	"last_error" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"condition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_conditions" ADD COLUMN "shifted_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_conditions" ADD COLUMN "deadline_shift_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_release_id_reminder_schedule_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."reminder_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_tokens" ADD CONSTRAINT "check_in_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_reminder_id_reminder_schedule_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminder_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD CONSTRAINT "reminder_delivery_log_reminder_id_reminder_schedule_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminder_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD CONSTRAINT "reminder_delivery_log_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD CONSTRAINT "reminder_delivery_log_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD CONSTRAINT "reminder_delivery_log_condition_id_message_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."message_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedule" ADD CONSTRAINT "reminder_schedule_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedule" ADD CONSTRAINT "reminder_schedule_condition_id_message_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."message_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_schedule" ADD CONSTRAINT "reminder_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_condition_id_message_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."message_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_reminders" ADD CONSTRAINT "sent_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_token_key" ON "access_grants" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_grants_message_idx" ON "access_grants" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "access_grants_release_idx" ON "access_grants" USING btree ("release_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_tokens_hash_key" ON "check_in_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "check_in_tokens_user_idx" ON "check_in_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_idempotency_key" ON "deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "deliveries_reminder_idx" ON "deliveries" USING btree ("reminder_id");--> statement-breakpoint
CREATE INDEX "reminder_delivery_log_message_idx" ON "reminder_delivery_log" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "reminder_delivery_log_reminder_idx" ON "reminder_delivery_log" USING btree ("reminder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_schedule_idempotency_key" ON "reminder_schedule" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "reminder_schedule_due_idx" ON "reminder_schedule" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "reminder_schedule_condition_idx" ON "reminder_schedule" USING btree ("condition_id","status");--> statement-breakpoint
CREATE INDEX "reminder_schedule_message_idx" ON "reminder_schedule" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_reminders_once_key" ON "sent_reminders" USING btree ("condition_id","deadline","kind");