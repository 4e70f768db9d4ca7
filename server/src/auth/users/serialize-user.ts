import { AUDIENCE } from "../constants.ts";
import type { IdentityRow, UserWithIdentities } from "./load-user.ts";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/**
 * The user JSON exactly as GoTrue writes it: optional timestamps are left out when unset
 * (GoTrue's `omitempty`), `confirmed_at` mirrors `email_confirmed_at`, phone is "".
 */
export function serializeUser({ user, identities }: UserWithIdentities): Record<string, unknown> {
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

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
