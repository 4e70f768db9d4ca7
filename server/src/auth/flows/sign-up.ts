import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { identities, users } from "../../db/schema.ts";
import { createProfile } from "../../profiles/create-profile.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { MAIL_COOLDOWN_MS } from "../constants.ts";
import { GoTrueError } from "../gotrue-error.ts";
import { accountExistsMail, authMail, verifyUrl } from "../links/auth-mail.ts";
import { claimResendSlot } from "../links/claim-resend-slot.ts";
import { createLinkToken } from "../links/link-token.ts";
import { defaultRedirectPath, safeRedirect } from "../links/safe-redirect.ts";
import { checkPassword } from "../passwords/check-password.ts";
import { hashPassword } from "../passwords/hash-password.ts";
import { findUserByEmail } from "../users/load-user.ts";
import { parseEmail } from "../users/parse-email.ts";
import { parseUserData } from "../users/parse-user-data.ts";
import { serializeUser } from "../users/serialize-user.ts";
import { isUniqueViolation } from "./postgres-errors.ts";

export interface SignUpInput {
  body: Record<string, unknown>;
  redirectTo: unknown;
  userAgent?: string;
  ip?: string;
}

/**
 * POST /signup. The answer is the user JSON, whether the address is new or registered: a
 * registered address gets a decoy user that looks exactly like a new one, so sign-up cannot be
 * used to test which addresses have accounts (docs/decisions/017).
 * - Confirmations on (default): a confirmation link is e-mailed; an unconfirmed account signed
 *   up again gets its password replaced and a fresh link (see 001-auth.md).
 * - A confirmed account signed up again (and any registered address under autoconfirm) is left
 *   as it is; its owner is mailed "you already have an account", so the e-mail the page speaks
 *   of exists whichever the address was.
 * - AUTH_AUTOCONFIRM: the new account is confirmed at once, but no session comes back (a
 *   registered address could not get one): the client signs in with the password next.
 */
export async function signUp(deps: AuthDeps, input: SignUpInput, retried = false): Promise<Record<string, unknown>> {
  const { body } = input;
  if (body.phone && !body.email) throw new GoTrueError(400, "phone_provider_disabled", "Phone signups are disabled");
  const email = parseEmail(body.email, "To sign up, please provide your email");
  const password = checkPassword(body.password, deps.config.PASSWORD_MIN_LENGTH, "Signup requires a valid password");
  const data = parseUserData(body.data);
  const passwordHash = await hashPassword(password);
  const autoconfirm = deps.config.AUTH_AUTOCONFIRM;

  try {
    const result = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const existing = await findUserByEmail({ db: tx, email, forUpdate: true });
      if (existing) {
        if (autoconfirm) return { json: decoyUser(email, data, now, true), accountExists: true };
        if (existing.emailConfirmedAt) return { json: decoyUser(email, data, now, false), accountExists: true };
        const resend =
          !existing.confirmationSentAt || now.getTime() - existing.confirmationSentAt.getTime() >= MAIL_COOLDOWN_MS;
        // Within the cooldown the confirmation mail sent a moment ago is the one the page speaks of.
        if (!resend) return { json: decoyUser(email, data, now, false) };
        // Whoever can read the mailbox decides the password: the one who asked last and then follows the link.
        await tx
          .update(users)
          .set({ encryptedPassword: passwordHash, userMetadata: data, confirmationSentAt: now, updatedAt: now })
          .where(eq(users.id, existing.id));
        const token = await createLinkToken({
          db: tx,
          clock: deps.clock,
          userId: existing.id,
          type: "signup",
          relatesTo: email,
        });
        return { json: decoyUser(email, data, now, false), mailToken: token };
      }

      const id = crypto.randomUUID();
      const [user] = await tx
        .insert(users)
        .values({
          id,
          email,
          encryptedPassword: passwordHash,
          emailConfirmedAt: autoconfirm ? now : null,
          confirmationSentAt: autoconfirm ? null : now,
          appMetadata: { provider: "email", providers: ["email"] },
          userMetadata: data,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const [identity] = await tx
        .insert(identities)
        .values({
          userId: id,
          provider: "email",
          providerId: id,
          identityData: { sub: id, email, email_verified: autoconfirm, phone_verified: false },
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await createProfile({ db: tx, userId: id, email });

      if (autoconfirm) return { json: serializeUser({ user: user!, identities: [identity!], factors: [] }) };
      const token = await createLinkToken({ db: tx, clock: deps.clock, userId: id, type: "signup", relatesTo: email });
      return { json: serializeUser({ user: user!, identities: [identity!], factors: [] }), mailToken: token };
    });

    if (result.mailToken) {
      const url = verifyUrl(
        deps.config.SITE_URL,
        result.mailToken,
        "signup",
        safeRedirect(input.redirectTo, deps.config.SITE_URL, defaultRedirectPath.signup),
      );
      deps.background.run("signup confirmation mail", () => deps.mailer.send(authMail("signup", email, url)));
    }
    if ("accountExists" in result) {
      // After the answer, like every auth mail, so its timing says nothing; at most one a minute per address.
      deps.background.run("account exists mail", async () => {
        const wait = await claimResendSlot({ db: deps.db, clock: deps.clock, type: "account_exists", email });
        if (wait === 0) await deps.mailer.send(accountExistsMail(email, deps.config.SITE_URL));
      });
    }
    return result.json;
  } catch (err) {
    // Two sign-ups for one address at the same moment: the loser takes the "already registered" path.
    if (!retried && isUniqueViolation(err)) return signUp(deps, input, true);
    throw err;
  }
}

/** What a brand-new account looks like (confirmed at once under autoconfirm), with made-up ids. */
function decoyUser(
  email: string,
  data: Record<string, unknown>,
  now: Date,
  confirmed: boolean,
): Record<string, unknown> {
  const id = crypto.randomUUID();
  return serializeUser({
    factors: [],
    user: {
      id,
      email,
      encryptedPassword: null,
      role: "authenticated",
      emailConfirmedAt: confirmed ? now : null,
      confirmationSentAt: confirmed ? null : now,
      recoverySentAt: null,
      emailChange: null,
      emailChangeSentAt: null,
      lastSignInAt: null,
      appMetadata: { provider: "email", providers: ["email"] },
      userMetadata: data,
      bannedUntil: null,
      createdAt: now,
      updatedAt: now,
    },
    identities: [
      {
        id: crypto.randomUUID(),
        userId: id,
        provider: "email",
        providerId: id,
        identityData: { sub: id, email, email_verified: confirmed, phone_verified: false },
        lastSignInAt: null,
        createdAt: now,
        updatedAt: now,
      },
    ],
  });
}
