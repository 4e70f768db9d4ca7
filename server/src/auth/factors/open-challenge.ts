import { and, eq } from "drizzle-orm";
import { mfaChallenges } from "../../db/schema.ts";
import type { Tx } from "../auth-deps.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { ChallengeRow } from "./factor-types.ts";

/** The factor's challenge this session asked for, still unanswered and not expired; else GoTrue's 422. */
export async function openChallenge(
  tx: Tx,
  input: { factorId: string; challengeId: string; sessionId: string; now: Date },
): Promise<ChallengeRow> {
  const [challenge] = await tx
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, input.challengeId), eq(mfaChallenges.factorId, input.factorId)));
  if (!challenge || challenge.sessionId !== input.sessionId)
    throw new GoTrueError(
      422,
      "mfa_challenge_not_found",
      "This challenge does not exist for this session. Ask for a new one.",
    );
  if (challenge.verifiedAt)
    throw new GoTrueError(422, "mfa_challenge_used", "This challenge was already answered. Ask for a new one.");
  if (challenge.expiresAt.getTime() <= input.now.getTime())
    throw new GoTrueError(422, "mfa_challenge_expired", "This challenge has expired. Ask for a new one.");
  return challenge;
}
