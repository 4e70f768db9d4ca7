import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { identities, users } from "../../db/schema.ts";
import { createProfile } from "../../profiles/create-profile.ts";
import type { Tx } from "../auth-deps.ts";
import type { UserRow } from "../users/load-user.ts";
import { findUserByEmail } from "../users/load-user.ts";

export interface ProviderClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export type OidcUserOutcome = { kind: "user"; user: UserRow } | { kind: "refused"; reason: string };

/**
 * The account an OpenID identity signs in to: the one it is already linked to; else an existing
 * account with the same address, linked only when BOTH sides have verified it (otherwise whoever
 * controls an unverified address at a provider could take over the account, or the provider
 * identity could be pre-registered by someone else); else a new account, only for a verified address.
 */
export async function findOrCreateOidcUser(
  tx: Tx,
  input: { provider: string; claims: ProviderClaims; now: Date },
): Promise<OidcUserOutcome> {
  const { provider, claims, now } = input;
  const identityData = {
    sub: claims.sub,
    email: claims.email,
    email_verified: claims.email_verified === true,
    name: claims.name,
    iss: provider,
  };
  const [linked] = await tx
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.providerId, claims.sub)));
  if (linked) {
    await tx
      .update(identities)
      .set({ identityData, lastSignInAt: now, updatedAt: now })
      .where(and(eq(identities.provider, provider), eq(identities.providerId, claims.sub)));
    return { kind: "user", user: linked.user };
  }

  const email = claims.email?.trim().toLowerCase();
  if (!email)
    return {
      kind: "refused",
      reason:
        "Your sign-in provider did not share an e-mail address, which we need to reach you. Allow it, or sign up with e-mail and password.",
    };
  const verified = claims.email_verified === true;
  const existing = await findUserByEmail({ db: tx, email, forUpdate: true });
  if (existing) {
    if (!verified || !existing.emailConfirmedAt) {
      return {
        kind: "refused",
        reason:
          "An account with this e-mail address already exists. Sign in with your password; the provider can be used once the address is confirmed on both sides.",
      };
    }
    await tx.insert(identities).values({
      userId: existing.id,
      provider,
      providerId: claims.sub,
      identityData,
      lastSignInAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const providers = [...new Set([...((existing.appMetadata.providers as string[] | undefined) ?? []), provider])];
    await tx
      .update(users)
      .set({ appMetadata: sql`${users.appMetadata} || ${JSON.stringify({ providers })}::jsonb`, updatedAt: now })
      .where(eq(users.id, existing.id));
    return { kind: "user", user: existing };
  }
  if (!verified)
    return {
      kind: "refused",
      reason:
        "Your sign-in provider has not confirmed this e-mail address. Confirm it there, or sign up with e-mail and password.",
    };

  const id = crypto.randomUUID();
  const [user] = await tx
    .insert(users)
    .values({
      id,
      email,
      encryptedPassword: null,
      emailConfirmedAt: now,
      appMetadata: { provider, providers: [provider] },
      userMetadata: {},
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(identities).values({
    userId: id,
    provider,
    providerId: claims.sub,
    identityData,
    lastSignInAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await createProfile({ db: tx, userId: id, email });
  return { kind: "user", user: user! };
}
