import type { OwnerAccessRequest } from "@trigger-switch/contracts";
import { Badge } from "@/components/ui/badge";
import { formatWhen } from "@/lib/format-date-time";
import { useAccessRequests } from "../api/access-requests";
import { ownerRequestWords } from "../utils/access-words";
import { DenyRequestDialog } from "./deny-request-dialog";
import { RevokeAccessDialog } from "./revoke-access-dialog";

/**
 * "Requests for access" on the Trusted contacts page (docs/decisions/041): every request, newest
 * first, in words with its times and reason; Deny while one waits, Revoke access once granted.
 * Nothing at all while there has never been a request. Above the contacts: a waiting one needs acting on.
 */
export function AccessRequestList({ now, timeZone }: { now: Date; timeZone: string }) {
  const requests = useAccessRequests();
  // Most owners never have a request: no placeholder while loading, which would only jump away.
  if (requests.isPending) return null;
  if (requests.isError)
    return (
      <p className="mb-8 text-sm text-destructive">
        Requests for access could not be loaded.{" "}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => void requests.refetch()}
        >
          Try again
        </button>
      </p>
    );
  if (requests.data.length === 0) return null;
  const when = (iso: string) => formatWhen(new Date(iso), now, timeZone);
  return (
    <section aria-labelledby="requests-for-access" className="mb-8 flex flex-col gap-3">
      <h2 id="requests-for-access" className="text-xl font-semibold tracking-tight">
        Requests for access
      </h2>
      <ul aria-label="Requests for access" className="flex flex-col gap-3">
        {requests.data.map((r) => (
          <RequestItem key={r.id} request={r} now={now} when={when} />
        ))}
      </ul>
    </section>
  );
}

function RequestItem({
  request: r,
  now,
  when,
}: {
  request: OwnerAccessRequest;
  now: Date;
  when: (iso: string) => string;
}) {
  const { badge, tone, sentence } = ownerRequestWords(r, now, when);
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-sm shadow-sm [overflow-wrap:anywhere]">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold">
          {r.contact_name} asked for “{r.message_title}”
        </h3>
        <Badge variant={tone}>{badge}</Badge>
      </div>
      <p>Reason: “{r.reason}”</p>
      <p className="text-muted-foreground">{sentence}</p>
      {(r.state === "waiting" || (r.state === "granted" && r.revoked_at === null)) && (
        <div className="flex flex-wrap gap-2">
          {r.state === "waiting" ? <DenyRequestDialog request={r} /> : <RevokeAccessDialog request={r} />}
        </div>
      )}
    </li>
  );
}
