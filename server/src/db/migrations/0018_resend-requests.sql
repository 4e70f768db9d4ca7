CREATE TABLE "resend_requests" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "resend_requests_requested_idx" ON "resend_requests" USING btree ("requested_at");