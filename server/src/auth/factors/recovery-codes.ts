import { createHash, randomInt } from "node:crypto";
import type { RecoveryCodesMade, RecoveryCodesStatus } from "@trigger-switch/contracts";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import { mfaRecoveryCodes } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { describeWait } from "../passwords/backoff.ts";
import { clearFailures, failureWaitMs, recordFailure, recoveryCodeFailureKey } from "../passwords/password-failures.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { securityMail } from "../security/security-mail.ts";
import { raiseSession } from "../sessions/raise-session.ts";
import type { SessionResponse } from "../sessions/session-response.ts";
import { requireStepUp } from "../sessions/step-up.ts";

/** How many codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper by hand must not be ambiguous. 16 of these ≈ 79 bits. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 16;

/**
 * GET /user/recovery-codes: how many unused codes the account has (never the codes themselves,
 * which are shown once, when made).
 */
export async function readRecoveryCodes(deps: AuthDeps, input: { auth: Authenticated }): Promise<RecoveryCodesStatus> {
  requireStepUp(input.auth);
  const rows = await deps.db
    .select({ usedAt: mfaRecoveryCodes.usedAt, createdAt: mfaRecoveryCodes.createdAt })
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, input.auth.user.id))
    .orderBy(asc(mfaRecoveryCodes.createdAt));
  return {
    total: rows.length,
    remaining: rows.filter((r) => r.usedAt === null).length,
    created_at: rows[0]?.createdAt.toISOString() ?? null,
  };
}

/**
 * POST /user/recovery-codes: a new set of codes in place of any earlier one, answered once.
 * Needs a verified factor (without one there is nothing to recover) and aal2, so a stolen
 * password alone can neither make codes nor learn them.
 */
export async function createRecoveryCodes(
  deps: AuthDeps,
  input: { auth: Authenticated; origin: RequestOrigin },
): Promise<RecoveryCodesMade> {
  const { auth } = input;
  if (!auth.hasVerifiedFactor)
    throw new GoTrueError(
      422,
      "mfa_not_enrolled",
      "Add an authenticator app or a phone first: recovery codes stand in for a second factor.",
    );
  requireStepUp(auth);
  const now = deps.clock.now();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction(async (tx) => {
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, auth.user.id));
    await tx
      .insert(mfaRecoveryCodes)
      .values(
        codes.map((code) => ({ userId: auth.user.id, codeHash: hashRecoveryCode(auth.user.id, code), createdAt: now })),
      );
    await recordSecurityEvent({
      db: tx,
      clock: deps.clock,
      userId: auth.user.id,
      kind: "recovery_codes_created",
      origin: input.origin,
    });
  });
  const notice = securityMail(auth.user.email, { kind: "recovery_codes_created", at: now }, deps.config.SITE_URL);
  deps.background.run("recovery codes notice", () => deps.mailer.send(notice));
  return { codes, created_at: now.toISOString() };
}

/**
 * POST /user/recovery-codes/verify {code}: a recovery code in place of the factor's code raises the
 * session to aal2 (amr `recovery_code`) and is spent. Wrong codes back off per account as wrong
 * passwords do. The owner is e-mailed, with how many codes are left.
 */
export async function useRecoveryCode(
  deps: AuthDeps,
  input: { auth: Authenticated; body: Record<string, unknown>; origin: RequestOrigin },
): Promise<SessionResponse> {
  const { auth } = input;
  if (typeof input.body.code !== "string" || input.body.code.length > 100)
    throw validationFailed("Enter one of your recovery codes");
  const code = normalizeRecoveryCode(input.body.code);
  if (code.length !== LENGTH)
    throw validationFailed(`A recovery code has ${LENGTH} letters and digits, like abcd-efgh-jkmn-pqrs`);
  if (!auth.hasVerifiedFactor)
    throw new GoTrueError(422, "mfa_not_enrolled", "This account has no second factor, so no recovery code is needed.");

  const keyHash = recoveryCodeFailureKey(auth.user.id);
  const wait = await failureWaitMs({ db: deps.db, clock: deps.clock, keyHash });
  if (wait > 0)
    throw new GoTrueError(
      429,
      "over_request_rate_limit",
      `Too many wrong recovery codes. Try again in ${describeWait(wait)}.`,
    );

  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    // Spent by one conditional update: two tries of one code at once cannot both pass.
    const [spent] = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, auth.user.id),
          eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(auth.user.id, code)),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    if (!spent) {
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: auth.user.id,
        kind: "mfa_failed",
        origin: input.origin,
        detail: { factor: "recovery code" },
      });
      return null;
    }
    const [left] = await tx
      .select({ n: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, auth.user.id), isNull(mfaRecoveryCodes.usedAt)));
    await recordSecurityEvent({
      db: tx,
      clock: deps.clock,
      userId: auth.user.id,
      kind: "recovery_code_used",
      origin: input.origin,
      detail: { remaining: String(left?.n ?? 0) },
    });
    const response = await raiseSession(deps, tx, { auth, method: "recovery_code", now });
    return { response, remaining: left?.n ?? 0 };
  });
  if (!outcome) {
    await recordFailure({ db: deps.db, clock: deps.clock, keyHash });
    throw new GoTrueError(
      422,
      "mfa_verification_failed",
      "This recovery code is wrong or was already used. Each code works once.",
    );
  }
  await clearFailures({ db: deps.db, keyHash });
  const notice = securityMail(
    auth.user.email,
    { kind: "recovery_code_used", remaining: outcome.remaining, at: now },
    deps.config.SITE_URL,
  );
  deps.background.run("recovery code notice", () => deps.mailer.send(notice));
  return outcome.response;
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

/** Case, spaces and dashes do not matter (codes are read off paper). */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/** Bound to the account; ~79 random bits make a plain SHA-256 safe against guessing offline. */
const hashRecoveryCode = (userId: string, code: string) =>
  createHash("sha256")
    .update(`recovery-code:${userId}:${normalizeRecoveryCode(code)}`)
    .digest("hex");
