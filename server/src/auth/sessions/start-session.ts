import { eq } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { identities, refreshTokens, sessions, users } from "../../db/schema.ts";
import { createOpaqueToken } from "../tokens/opaque-token.ts";

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Opens a session for a user who just proved who they are (`method` becomes the `amr` claim:
 * password, otp, recovery, email_change) and hands out its first refresh token.
 * Also records the sign-in time on the user and their e-mail identity.
 */
export async function startSession(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  method: string;
  /** aal2 only for a proof that is two factors in one (a passkey that checked its user); default aal1. */
  aal?: "aal1" | "aal2";
  userAgent?: string;
  ip?: string;
}): Promise<{ session: SessionRow; refreshToken: string }> {
  const now = opts.clock.now();
  const [session] = await opts.db
    .insert(sessions)
    .values({
      userId: opts.userId,
      aal: opts.aal ?? "aal1",
      amr: [{ method: opts.method, timestamp: Math.floor(now.getTime() / 1000) }],
      userAgent: opts.userAgent?.slice(0, 512),
      ip: opts.ip,
      refreshedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const { token, hash } = createOpaqueToken();
  await opts.db.insert(refreshTokens).values({
    tokenHash: hash,
    userId: opts.userId,
    sessionId: session!.id,
    createdAt: now,
    updatedAt: now,
  });
  await opts.db.update(users).set({ lastSignInAt: now }).where(eq(users.id, opts.userId));
  await opts.db.update(identities).set({ lastSignInAt: now }).where(eq(identities.userId, opts.userId));
  return { session: session!, refreshToken: token };
}
