ALTER TABLE "deliveries" ALTER COLUMN "reminder_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "sealed_mail" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "mail_key_id" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "mail_wrapped_key" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_notice_due_idx" ON "deliveries" USING btree ("status","next_attempt_at") WHERE "deliveries"."next_attempt_at" is not null;