CREATE TABLE "condition_contacts" (
	"condition_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_contacts_condition_id_contact_id_pk" PRIMARY KEY("condition_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "confirmation_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"condition_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"link_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confirmation_stages" (
	"condition_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"state" jsonb NOT NULL,
	"last_checked_seen" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_conditions" ADD COLUMN "deadline_shift_reason" text;--> statement-breakpoint
ALTER TABLE "message_conditions" ADD COLUMN "confirmation" jsonb;--> statement-breakpoint
ALTER TABLE "condition_contacts" ADD CONSTRAINT "condition_contacts_condition_id_message_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."message_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_contacts" ADD CONSTRAINT "condition_contacts_contact_id_trusted_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trusted_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_contacts" ADD CONSTRAINT "condition_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_questions" ADD CONSTRAINT "confirmation_questions_condition_id_message_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."message_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_questions" ADD CONSTRAINT "confirmation_questions_contact_id_trusted_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."trusted_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_questions" ADD CONSTRAINT "confirmation_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_stages" ADD CONSTRAINT "confirmation_stages_condition_id_message_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."message_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_stages" ADD CONSTRAINT "confirmation_stages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "condition_contacts_contact_idx" ON "condition_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_questions_link_key" ON "confirmation_questions" USING btree ("link_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_questions_once_key" ON "confirmation_questions" USING btree ("condition_id","deadline","contact_id");--> statement-breakpoint
CREATE INDEX "confirmation_stages_open_idx" ON "confirmation_stages" USING btree ("user_id") WHERE "confirmation_stages"."state"->>'kind' = 'confirming';