import type { AuditEntry } from "@trigger-switch/contracts";
import { count, desc } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { adminAuditLog } from "../db/schema.ts";

/** The audit log, newest first. Read-only: nothing in the product updates or deletes an entry. */
export async function listAuditLog({
  db,
  offset,
  limit,
}: {
  db: Db;
  offset: number;
  limit: number;
}): Promise<{ entries: AuditEntry[]; total: number }> {
  const found = await db
    .select()
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .offset(offset)
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(adminAuditLog);
  return {
    total: total?.n ?? 0,
    entries: found.map((e) => ({
      id: e.id,
      created_at: e.createdAt.toISOString(),
      admin_email: e.adminEmail,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      details: e.details,
      ip: e.ip,
      user_agent: e.userAgent,
    })),
  };
}
