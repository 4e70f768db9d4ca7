/** One recipient's grant of a release, as the server stores it (Dates) or answers it (ISO strings). */
export interface WithdrawableGrant {
  opens_at: Date | string;
  first_opened_at: Date | string | null;
  cancelled_at: Date | string | null;
}

/**
 * Whether the owner may still withdraw a release (all grants of one release_id) at `now`: only
 * while nobody can have read it, so before it opens, not already withdrawn, and no link opened.
 * The web shows the Withdraw button by this rule and the server refuses (409) by the same one.
 */
export function canWithdraw(grants: readonly WithdrawableGrant[], now: Date): boolean {
  return (
    grants.length > 0 &&
    grants.every((g) => g.first_opened_at === null) &&
    grants.some((g) => g.cancelled_at === null && new Date(g.opens_at).getTime() > now.getTime())
  );
}
