-- The webhook only records an inbound message and answers; the inbox processor handles it later
-- (docs/decisions/037). Rows already here were handled when they were recorded, so they are done.
ALTER TABLE "inbound_messages" ALTER COLUMN "outcome" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "state" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ALTER COLUMN "state" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "inbound_messages" SET "handled_at" = "received_at";--> statement-breakpoint
CREATE INDEX "inbound_messages_pending_idx" ON "inbound_messages" USING btree ("received_at") WHERE "inbound_messages"."state" = 'pending';
