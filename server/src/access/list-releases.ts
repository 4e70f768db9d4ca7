import { asc, eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { accessGrants, emergencyTriggers, recipients } from "../db/schema.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { recipientName } from "../recipients/seal-recipient.ts";

export interface ReleaseGrant {
  release_id: string;
  grant_id: string;
  recipient: { id: string; name: string; email: string | null } | null;
  released_at: string;
  opens_at: string;
  expires_at: string | null;
  first_opened_at: string | null;
  cancelled_at: string | null;
  /** The release came from the Emergency button (docs/decisions/008), not from a missed deadline. */
  emergency: boolean;
}

/** The owner's view of who received their message, when it opens, and whether it was read. */
export async function listReleases({ db, masterKeys, userId, messageId }: { db: Db; masterKeys: MasterKeys; userId: string; messageId: string }): Promise<ReleaseGrant[]> {
  const message = await findOwnedMessage({ db, userId, messageId });
  const rows = await db
    .select({ grant: accessGrants, recipient: { id: recipients.id, name: recipients.name, email: recipients.email, keyId: recipients.keyId, wrappedKey: recipients.wrappedKey }, pressId: emergencyTriggers.id })
    .from(accessGrants)
    .leftJoin(recipients, eq(recipients.id, accessGrants.recipientId))
    .leftJoin(emergencyTriggers, eq(emergencyTriggers.reminderId, accessGrants.releaseId))
    .where(eq(accessGrants.messageId, message.id))
    .orderBy(asc(accessGrants.releasedAt), asc(accessGrants.id));
  return rows.map(({ grant: g, recipient, pressId }) => ({
    release_id: g.releaseId,
    grant_id: g.id,
    recipient: recipient && { id: recipient.id, name: recipientName(masterKeys, recipient), email: recipient.email },
    released_at: g.releasedAt.toISOString(),
    opens_at: g.opensAt.toISOString(),
    expires_at: g.expiresAt?.toISOString() ?? null,
    first_opened_at: g.firstOpenedAt?.toISOString() ?? null,
    cancelled_at: g.cancelledAt?.toISOString() ?? null,
    emergency: pressId !== null,
  }));
}
