import { and, eq } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { knownDevices } from "../../db/schema.ts";
import { createOpaqueToken, hashToken } from "../tokens/opaque-token.ts";

export const KNOWN_DEVICE_COOKIE = "ts_device";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The known-device token from a Cookie header, if any. */
export function deviceTokenFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === KNOWN_DEVICE_COOKIE) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** True when this browser signed in to this account with its password before. */
export async function isKnownDevice({
  db,
  token,
  userId,
}: {
  db: Db;
  token: string | undefined;
  userId: string | undefined;
}): Promise<boolean> {
  if (!token || !userId) return false;
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, hashToken(token)), eq(knownDevices.userId, userId)));
  return row !== undefined;
}

/**
 * Remembers this browser for this account after a right password; returns the Set-Cookie value.
 * The browser keeps one token for every account it knows, so an existing one is reused.
 */
export async function rememberDevice({
  db,
  clock,
  token,
  userId,
  secure,
}: {
  db: Db;
  clock: Clock;
  token: string | undefined;
  userId: string;
  secure: boolean;
}): Promise<string> {
  const value = token ?? createOpaqueToken().token;
  const now = clock.now();
  await db
    .insert(knownDevices)
    .values({ tokenHash: hashToken(value), userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.userId], set: { lastUsedAt: now } });
  // Only /auth/v1 ever reads it; scripts cannot (HttpOnly) and other sites do not send it (Strict).
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/auth/v1; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}
