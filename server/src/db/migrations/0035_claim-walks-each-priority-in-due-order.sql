-- The claim of due rows reads each priority's pending rows in due order through this index
-- (claim-due-work.ts), instead of sorting every due row by priority then due time
-- (docs/decisions/012).
CREATE INDEX "reminder_schedule_pending_priority_idx" ON "reminder_schedule" USING btree ("delivery_priority","next_attempt_at") WHERE status = 'pending';
