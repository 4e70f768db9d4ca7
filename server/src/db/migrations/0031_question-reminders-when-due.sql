-- A question's reminder is worded and queued when it falls due, with a link of its own, instead of
-- being sealed and queued with the question (docs/decisions/041): most questions are answered or
-- closed before halfway through the window. Questions asked before this keep their queued reminder.
ALTER TABLE "confirmation_questions" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "confirmation_questions" ADD COLUMN "reminder_link_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_questions_reminder_link_key" ON "confirmation_questions" USING btree ("reminder_link_hash") WHERE "confirmation_questions"."reminder_link_hash" is not null;--> statement-breakpoint
CREATE INDEX "confirmation_questions_remind_due_idx" ON "confirmation_questions" USING btree ("remind_at") WHERE "confirmation_questions"."remind_at" is not null;