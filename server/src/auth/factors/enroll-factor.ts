import crypto from "node:crypto";
import { and, count, eq, lt, or, sql } from "drizzle-orm";
import { mfaFactors, users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { MFA_MAX_FACTORS, MFA_UNVERIFIED_FACTOR_LIFETIME_MS } from "../constants.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { isUniqueViolation } from "../flows/postgres-errors.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { requireStepUp } from "../sessions/step-up.ts";
import { textProblem } from "../users/text-problem.ts";
import { factorKinds } from "./factor-kinds.ts";
import type { FactorType } from "./factor-types.ts";

/**
 * POST /factors: starts enrolling a factor, unverified until a code from it is verified.
 * An account that already has a verified factor must be at aal2 to add another (else a
 * stolen password could add the thief's own authenticator).
 */
export async function enrollFactor(
  deps: AuthDeps,
  input: { auth: Authenticated; body: Record<string, unknown> },
): Promise<Record<string, unknown>> {
  const { auth, body } = input;
  const type = body.factor_type;
  if (type !== "totp" && type !== "phone" && type !== "webauthn")
    throw validationFailed("factor_type must be totp, phone or webauthn");
  const kind = factorKinds[type as FactorType];
  const friendlyName = friendlyNameOf(body.friendly_name);
  requireStepUp(auth);

  const now = deps.clock.now();
  const factorId = crypto.randomUUID();
  const { columns, answer } = await kind.enroll({ deps, user: auth.user, factorId, body });
  try {
    await deps.db.transaction(async (tx) => {
      // One enrolment of an account at a time, so two started at once (two tabs adding a passkey)
      // replace one another in turn instead of both claiming the same name.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.user.id)).for("no key update");
      // An enrolment left unfinished (the QR code never scanned, the page reloaded) does not keep
      // a slot for long, nor its name at all: starting again under that name replaces it, as
      // GoTrue does and auth-js's enrol flow expects. Only a verified factor holds a name.
      const staleBefore = new Date(now.getTime() - MFA_UNVERIFIED_FACTOR_LIFETIME_MS);
      await tx
        .delete(mfaFactors)
        .where(
          and(
            eq(mfaFactors.userId, auth.user.id),
            eq(mfaFactors.status, "unverified"),
            or(
              lt(mfaFactors.createdAt, staleBefore),
              friendlyName === null ? undefined : sql`lower(${mfaFactors.friendlyName}) = lower(${friendlyName})`,
            ),
          ),
        );
      const [held] = await tx.select({ n: count() }).from(mfaFactors).where(eq(mfaFactors.userId, auth.user.id));
      if ((held?.n ?? 0) >= MFA_MAX_FACTORS) {
        throw new GoTrueError(
          422,
          "too_many_enrolled_mfa_factors",
          `An account can hold at most ${MFA_MAX_FACTORS} factors. Remove one first.`,
        );
      }
      await tx.insert(mfaFactors).values({
        id: factorId,
        userId: auth.user.id,
        factorType: type as FactorType,
        friendlyName,
        ...columns,
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new GoTrueError(
        422,
        "mfa_factor_name_conflict",
        `You already have a factor named "${friendlyName}". Choose another name.`,
      );
    throw err;
  }
  return { id: factorId, type, friendly_name: friendlyName ?? undefined, ...answer };
}

function friendlyNameOf(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw validationFailed("friendly_name must be text");
  const name = value.trim();
  const problem = textProblem(name);
  if (problem) throw validationFailed(`friendly_name must not contain ${problem}`);
  if (name.length > 100) throw validationFailed("friendly_name must be at most 100 characters");
  return name === "" ? null : name;
}
