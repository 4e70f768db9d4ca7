-- Passkeys (docs/decisions/040): a webauthn factor keeps its credential id, public key and signature counter;
-- a factor challenge keeps the WebAuthn challenge; passwordless sign-ins in flight have their own table.
CREATE TABLE "passkey_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "webauthn_challenge" text;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "sign_count" bigint;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "transports" jsonb;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "passkey_challenges_created_idx" ON "passkey_challenges" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_factors_credential_key" ON "mfa_factors" USING btree ("credential_id");