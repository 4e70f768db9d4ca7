import { AUDIENCE } from "../constants.ts";
import type { FactorRow, IdentityRow, UserWithIdentities } from "./load-user.ts";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/**
 * The user JSON exactly as GoTrue writes it: optional timestamps are left out when unset
 * (GoTrue's `omitempty`), `confirmed_at` mirrors `email_confirmed_at`, phone is "".
 */
export function serializeUser({ user, identities, factors }: UserWithIdentities): Record<string, unknown> {
  return dropUndefined({
    id: user.id,
    aud: AUDIENCE,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: "",
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: iso(user.emailChangeSentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map(serializeIdentity),
    factors: factors.length > 0 ? factors.map(serializeFactor) : undefined,
    banned_until: iso(user.bannedUntil),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  });
}

function serializeIdentity(i: IdentityRow): Record<string, unknown> {
  return dropUndefined({
    identity_id: i.id,
    id: i.providerId,
    user_id: i.userId,
    identity_data: i.identityData,
    provider: i.provider,
    last_sign_in_at: iso(i.lastSignInAt),
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    email: typeof i.identityData.email === "string" ? i.identityData.email : undefined,
  });
}

/** GoTrue's factor JSON; the secret never leaves the enrolment answer. */
export function serializeFactor(f: FactorRow): Record<string, unknown> {
  return dropUndefined({
    id: f.id,
    friendly_name: f.friendlyName ?? undefined,
    factor_type: f.factorType,
    status: f.status,
    phone: f.factorType === "phone" ? (f.phone ?? undefined) : undefined,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
    last_challenged_at: iso(f.lastChallengedAt),
  });
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
