import type { RecipientMessageDiagnostic } from "@trigger-switch/contracts";
import { and, eq } from "drizzle-orm";
import { NO_ACCESS } from "../access/find-access-grant.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { accessGrants } from "../db/schema.ts";
import { hashSecretToken } from "../engine/secret-token.ts";
import { notFound } from "../errors.ts";

/**
 * What the holder of an access link may know about it: whether it is locked, open, expired or
 * withdrawn, and when it opens and expires — no content, no names. Unlike the access route it
 * also answers for cancelled and expired links, so a recipient learns why a link stopped working;
 * that is no more than the link's holder already saw in their e-mail.
 */
export async function readRecipientMessageDiagnostic({
  db,
  clock,
  messageId,
  token,
}: {
  db: Db;
  clock: Clock;
  messageId: string;
  token: string;
}): Promise<RecipientMessageDiagnostic> {
  if (token.length > 200 || !isUuid(messageId)) throw notFound(NO_ACCESS);
  const [grant] = await db
    .select()
    .from(accessGrants)
    .where(and(eq(accessGrants.tokenHash, hashSecretToken(token)), eq(accessGrants.messageId, messageId)));
  if (!grant) throw notFound(NO_ACCESS);
  const now = clock.now();
  const state = grant.cancelledAt
    ? "cancelled"
    : grant.expiresAt && grant.expiresAt <= now
      ? "expired"
      : grant.opensAt > now
        ? "locked"
        : "open";
  return {
    view: "recipient",
    release: { state, opens_at: grant.opensAt.toISOString(), expires_at: grant.expiresAt?.toISOString() ?? null },
  };
}
