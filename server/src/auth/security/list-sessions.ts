import type { AuthSession } from "@trigger-switch/contracts";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { sessions } from "../../db/schema.ts";
import { SESSION_INACTIVITY_TIMEOUT_MS } from "../constants.ts";
import { describeDevice } from "./describe-device.ts";

/** The account's live sessions, most recently used first; `current` marks the caller's. */
export async function listSessions({
  db,
  clock,
  userId,
  currentSessionId,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  currentSessionId: string;
}): Promise<AuthSession[]> {
  const since = new Date(clock.now().getTime() - SESSION_INACTIVITY_TIMEOUT_MS);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.refreshedAt, since)))
    .orderBy(desc(sessions.refreshedAt), desc(sessions.createdAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    device: describeDevice(s.userAgent),
    ip: s.ip,
    aal: s.aal,
    created_at: s.createdAt.toISOString(),
    last_used_at: (s.refreshedAt ?? s.createdAt).toISOString(),
    current: s.id === currentSessionId,
  }));
}
