-- A link replaced unopened used to be marked used (used_at = when the next link was made, a moment
-- after that link's created_at). used_at now means followed, which proves the mailbox (decision 031),
-- so those links are expired instead. A link that was followed is never replaced within a second.
UPDATE "one_time_tokens" AS "replaced"
SET "expires_at" = LEAST("replaced"."expires_at", "replaced"."used_at"), "used_at" = NULL
WHERE "replaced"."used_at" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "one_time_tokens" AS "next"
    WHERE "next"."user_id" = "replaced"."user_id"
      AND "next"."token_type" = "replaced"."token_type"
      AND "next"."id" <> "replaced"."id"
      AND "next"."created_at" > "replaced"."created_at"
      AND "replaced"."used_at" >= "next"."created_at"
      AND "replaced"."used_at" < "next"."created_at" + interval '1 second'
  );
