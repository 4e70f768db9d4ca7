CREATE TABLE "trusted_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"state" text DEFAULT 'invited' NOT NULL,
	"invitation_hash" text NOT NULL,
	"invitation_expires_at" timestamp with time zone NOT NULL,
	"page_hash" text,
	"invited_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trusted_contacts" ADD CONSTRAINT "trusted_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trusted_contacts_user_idx" ON "trusted_contacts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_contacts_invitation_key" ON "trusted_contacts" USING btree ("invitation_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_contacts_page_key" ON "trusted_contacts" USING btree ("page_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_contacts_live_address_key" ON "trusted_contacts" USING btree ("user_id","address") WHERE "trusted_contacts"."state" in ('invited', 'active');