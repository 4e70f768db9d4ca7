import type { ReleaseGrant } from "../api/get-releases";

// Its own module: the dashboard names who holds each grant too, without the release list.

/**
 * Who holds a grant, as the owner named them: a recipient, or a trusted contact it was released to
 * on their own request (docs/decisions/041: such a grant has no recipient). "A deleted recipient"
 * (lower case mid-sentence, `atStart: false`) for a recipient deleted since the release.
 */
export function grantHolder(grant: Pick<ReleaseGrant, "recipient" | "contact">, atStart = true): string {
  if (grant.contact) return `${grant.contact.name} (trusted contact, on request)`;
  if (grant.recipient) return grant.recipient.name;
  return atStart ? "A deleted recipient" : "a deleted recipient";
}
