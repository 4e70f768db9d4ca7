-- The owner's release notice is sent on its own (docs/decisions/012): due once its release's row is
-- settled, claimed through its own index (oldest release first), so a burst's rows never wait for
-- their owners' mails. Queued notices (a contact's question, an outage notice) keep an index of
-- their own, so neither claim reads the other's rows.
DROP INDEX "deliveries_notice_due_idx";--> statement-breakpoint
CREATE INDEX "deliveries_release_notice_pending_idx" ON "deliveries" USING btree ("created_at") WHERE "deliveries"."kind" = 'release_notice' and "deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "deliveries_notice_due_idx" ON "deliveries" USING btree ("status","next_attempt_at") WHERE "deliveries"."next_attempt_at" is not null and "deliveries"."kind" = 'notice';