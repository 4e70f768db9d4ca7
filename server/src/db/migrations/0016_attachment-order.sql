ALTER TABLE "message_attachments" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing attachments keep the order they had: numbered per message by upload (created_at, id).
UPDATE "message_attachments" a SET "position" = o.n - 1 FROM (SELECT "id", row_number() OVER (PARTITION BY "message_id" ORDER BY "created_at", "id") AS n FROM "message_attachments") o WHERE a."id" = o."id";
