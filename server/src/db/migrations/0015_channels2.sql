ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_delivery_log" ADD CONSTRAINT "reminder_delivery_log_recipient_id_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_delivery_log_provider_idx" ON "reminder_delivery_log" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "reminder_delivery_log_delivery_idx" ON "reminder_delivery_log" USING btree ("delivery_id");