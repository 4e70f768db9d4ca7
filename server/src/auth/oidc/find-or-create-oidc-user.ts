import crypto from "node:crypto";
import { providerLabel } from "@trigger-switch/contracts";
import { and, eq, sql } from "drizzle-orm";
import { identities, users } from "../../db/schema.ts";
import { createProfile } from "../../profiles/create-profile.ts";
import { prefillProfileNames } from "../../profiles/prefill-profile-names.ts";
import type { Tx } from "../auth-deps.ts";
import { followedLinkTo } from "../users/followed-link-to.ts";
import type { UserRow } from "../users/load-user.ts";
import { findUserByEmail } from "../users/load-user.ts";
import { namesFromClaims } from "./names-from-claims.ts";

export interface ProviderClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/** `linked`: the identity was just added to an account that existed before (its owner is told). */
export type OidcUserOutcome = { kind: "user"; user: UserRow; linked: boolean } | { kind: "refused"; reason: string };

/**
 * The account an OpenID identity signs in to: the one it is already linked to; else an existing
 * account with the same address, linked only when BOTH sides have verified it — the provider says
 * so, and our account's owner has proven the mailbox (below); else a new account, only for a
 * verified address. Otherwise whoever controls an unverified address at a provider could take over
 * the account, or whoever registered the address first (AUTH_AUTOCONFIRM confirms anyone) would
 * receive the real owner's identity and keep their own password into it.
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
    given_name: claims.given_name,
    family_name: claims.family_name,
    iss: provider,
  };
  const [linked] = await tx
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.providerId, claims.sub)));
  if (linked) {
    // An identity linked before this rule held (into an account a squatter registered) signs in no more.
    if (!(await ownerProvedAddress(tx, linked.user))) return notProven(provider);
    await tx
      .update(identities)
      .set({ identityData, lastSignInAt: now, updatedAt: now })
      .where(and(eq(identities.provider, provider), eq(identities.providerId, claims.sub)));
    return { kind: "user", user: linked.user, linked: false };
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
    if (!verified)
      return {
        kind: "refused",
        reason: `An account with this e-mail address already exists. Sign in with your password: ${providerLabel(provider)} has not confirmed this address, so it cannot sign in to that account.`,
      };
    if (!(await ownerProvedAddress(tx, existing))) return notProven(provider);
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
    await prefillProfileNames({ db: tx, userId: existing.id, names: namesFromClaims(claims), now });
    return { kind: "user", user: existing, linked: true };
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
  await prefillProfileNames({ db: tx, userId: id, names: namesFromClaims(claims), now });
  return { kind: "user", user: user!, linked: false };
}

/**
 * Proof that the account's owner reads its mailbox: an OpenID provider verified the address when
 * it made the account (its address changes only by a followed link), or the owner opened a link
 * we e-mailed to the current address. Not the "confirmed" flag, which autoconfirm gives to anyone.
 */
async function ownerProvedAddress(tx: Tx, user: UserRow): Promise<boolean> {
  if (!user.emailConfirmedAt) return false;
  const madeBy = user.appMetadata.provider;
  if (typeof madeBy === "string" && madeBy !== "email" && madeBy !== "phone") return true;
  return followedLinkTo(tx, user);
}

const notProven = (provider: string): OidcUserOutcome => ({
  kind: "refused",
  reason: `An account with this e-mail address already exists, and no link we e-mailed to it has been opened yet. Sign in with your password, or use "Forgot your password?" on the sign-in page to get a link by e-mail; once you have opened it, "Continue with ${providerLabel(provider)}" signs in to that account.`,
});
