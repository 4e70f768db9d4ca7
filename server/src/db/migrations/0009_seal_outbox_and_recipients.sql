ALTER TABLE "mail_outbox" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "wrapped_key" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "wrapped_key" text;