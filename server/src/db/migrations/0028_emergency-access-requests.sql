CREATE TABLE "access_permissions" (
	"message_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"waiting_hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_permissions_message_id_contact_id_pk" PRIMARY KEY("message_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"reason" text NOT NULL,
	"deny_hash" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"grants_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"grant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_grants" ALTER COLUMN "release_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_grants" ADD COLUMN "access_request_id" uuid;--> statement-breakpoint
ALTER TABLE "access_permissions" ADD CONSTRAINT "access_permissions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_permissions" ADD CONSTRAINT "access_permissions_contact_id_trusted_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trusted_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_permissions" ADD CONSTRAINT "access_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_contact_id_trusted_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trusted_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_permissions_contact_idx" ON "access_permissions" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "access_requests_due_idx" ON "access_requests" USING btree ("grants_at") WHERE "access_requests"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "access_requests_user_idx" ON "access_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "access_requests_contact_idx" ON "access_requests" USING btree ("contact_id","message_id");--> statement-breakpoint
CREATE INDEX "access_requests_deny_idx" ON "access_requests" USING btree ("deny_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "access_requests_waiting_key" ON "access_requests" USING btree ("message_id","contact_id") WHERE "access_requests"."state" = 'waiting';--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_release_or_request" CHECK (("access_grants"."release_id" is null) <> ("access_grants"."access_request_id" is null));