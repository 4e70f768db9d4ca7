-- Emergency (docs/decisions/008): duplicate-press suppression (panic_dedupe), one row per accepted
-- press (emergency_triggers), and when/how precisely a message's device position was captured.
CREATE TABLE "emergency_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"condition_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"triggered_at" timestamp with time zone NOT NULL,
	"keep_armed" boolean NOT NULL,
	"location_located_at" timestamp with time zone,
	"deduplication_id" text,
	"client_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panic_dedupe" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"triggered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "located_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "location_accuracy" text;--> statement-breakpoint
ALTER TABLE "emergency_triggers" ADD CONSTRAINT "emergency_triggers_reminder_id_reminder_schedule_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminder_schedule"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_triggers" ADD CONSTRAINT "emergency_triggers_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_triggers" ADD CONSTRAINT "emergency_triggers_condition_id_message_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."message_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_triggers" ADD CONSTRAINT "emergency_triggers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panic_dedupe" ADD CONSTRAINT "panic_dedupe_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_triggers_reminder_key" ON "emergency_triggers" USING btree ("reminder_id");--> statement-breakpoint
CREATE INDEX "emergency_triggers_message_idx" ON "emergency_triggers" USING btree ("message_id","triggered_at");--> statement-breakpoint
CREATE INDEX "panic_dedupe_triggered_idx" ON "panic_dedupe" USING btree ("triggered_at");