import { eq } from "drizzle-orm";
import { sessions, users } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { verifyPassword } from "../passwords/hash-password.ts";
import { signedInRecently } from "../sessions/step-up.ts";

/**
 * Before an act that cannot be undone (deleting the account): the person at the keyboard proves
 * again who they are — with the password, or by a sign-in within the last 5 minutes (the only
 * way for an account without a password, such as one made through an OpenID provider).
 */
export async function confirmIdentity(
  deps: AuthDeps,
  input: { userId: string; sessionId: string; password?: string },
): Promise<void> {
  const [session] = await deps.db.select().from(sessions).where(eq(sessions.id, input.sessionId));
  if (session && session.userId === input.userId && signedInRecently({ session }, deps.clock)) return;
  const [user] = await deps.db
    .select({ encryptedPassword: users.encryptedPassword })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user?.encryptedPassword) {
    throw new AppError("forbidden", "Please sign in again first: this needs a sign-in within the last 5 minutes.");
  }
  if (!input.password || !(await verifyPassword(user.encryptedPassword, input.password))) {
    throw new AppError("forbidden", "Enter your current password to confirm.", {
      password: input.password ? "This password is not right" : "Enter your current password",
    });
  }
}
