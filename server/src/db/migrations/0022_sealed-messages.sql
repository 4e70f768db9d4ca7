-- Sealed messages (docs/decisions/036): the browser's age ciphertext of the text, the passphrase hint,
-- and which attachment blobs are age files. A message is sealed exactly when sealed_text is set.
ALTER TABLE "message_attachments" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sealed_text" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sealed_hint" text;