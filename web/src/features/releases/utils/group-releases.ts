import type { ReleaseGrant } from "../api/get-releases";

export interface Release {
  id: string;
  releasedAt: string;
  opensAt: string;
  expiresAt: string | null;
  cancelledAt: string | null;
  emergency: boolean;
  grants: ReleaseGrant[];
}

/**
 * The server lists one grant per recipient; the owner thinks in releases (a condition fired once,
 * to these people), and withdrawing acts on a whole release. Order is the server's (oldest first).
 */
export function groupReleases(grants: ReleaseGrant[]): Release[] {
  const byId = new Map<string, Release>();
  for (const grant of grants) {
    const release = byId.get(grant.release_id);
    if (release) release.grants.push(grant);
    else
      byId.set(grant.release_id, {
        id: grant.release_id,
        releasedAt: grant.released_at,
        opensAt: grant.opens_at,
        expiresAt: grant.expires_at,
        cancelledAt: grant.cancelled_at,
        emergency: grant.emergency,
        grants: [grant],
      });
  }
  return [...byId.values()];
}
