import type { AuthUser } from "../http/authenticate.ts";
import type { Tx } from "../db/connect.ts";
import { adminAuditLog } from "../db/schema.ts";

/** Where an admin request came from, for the audit log. */
export interface AdminOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface AdminActor {
  user: AuthUser;
  origin: AdminOrigin;
}

/**
 * Writes one audit entry in the action's own transaction: no action without its entry, no entry
 * without its action. Returns the entry's id, which names the change (e.g. in a notice's key).
 */
export async function recordAdminAction(
  tx: Tx,
  {
    actor,
    action,
    targetType,
    targetId,
    details = {},
    at,
  }: {
    actor: AdminActor;
    action: string;
    targetType: string;
    targetId: string;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<string> {
  const [entry] = await tx
    .insert(adminAuditLog)
    .values({
      adminId: actor.user.id,
      adminEmail: actor.user.email,
      action,
      targetType,
      targetId,
      details,
      ip: actor.origin.ip,
      userAgent: actor.origin.userAgent?.slice(0, 300) ?? null,
      createdAt: at,
    })
    .returning({ id: adminAuditLog.id });
  return entry!.id;
}
