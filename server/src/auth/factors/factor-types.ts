import type { mfaChallenges, mfaFactors } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import type { UserRow } from "../users/load-user.ts";

export type FactorRow = typeof mfaFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
export type FactorType = "totp" | "phone" | "webauthn";

/**
 * What differs between kinds of second factor. Enrolment, challenge and verification
 * (sessions, aal2, back-off, the security log) are shared and call these (docs/decisions/016).
 */
export interface FactorKind {
  /** The `amr` method a right code adds to the session (GoTrue's names). */
  amrMethod: string;
  /** Checks the kind's own enrolment fields and returns the columns to store and the kind's part of the answer. */
  enroll(ctx: { deps: AuthDeps; user: UserRow; factorId: string; body: Record<string, unknown> }): Promise<{
    columns: Partial<Pick<FactorRow, "secretKeyId" | "secretWrapped" | "phone">>;
    answer: Record<string, unknown>;
  }>;
  /** Prepares a new challenge (a sent code for phone; nothing for TOTP); returns what to store on it. */
  challenge(ctx: {
    deps: AuthDeps;
    factor: FactorRow;
    challengeId: string;
    body: Record<string, unknown>;
  }): Promise<Partial<Pick<ChallengeRow, "channel" | "codeHash" | "webauthnChallenge">>>;
  /** Passkeys only: what the browser needs to answer the challenge (GoTrue's `webauthn` field). */
  challengeAnswer?(ctx: {
    deps: AuthDeps;
    user: UserRow;
    factor: FactorRow;
    challenge: string;
  }): Promise<Record<string, unknown>>;
  /**
   * Whether `code` answers the challenge; for TOTP also the time step to remember (each code works
   * once), and, for a refused code, whether it was right but already used.
   */
  check(ctx: { deps: AuthDeps; factor: FactorRow; challenge: ChallengeRow; code: string; now: Date }): {
    ok: boolean;
    lastUsedStep?: number;
    alreadyUsed?: boolean;
  };
}
