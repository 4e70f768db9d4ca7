import { canWithdraw } from "@trigger-switch/contracts";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { formatDateTime } from "@/lib/format-date-time";
import { useReleases, type ReleaseGrant } from "../api/get-releases";
import { deliveryText } from "../utils/delivery-text";
import { grantHolder } from "../utils/grant-holder";
import { groupReleases, type Release } from "../utils/group-releases";
import { WithdrawReleaseDialog } from "./withdraw-release-dialog";

/**
 * "Released to": who received the message, when it opens and expires, whether each person opened
 * it. Hidden while there are none (most messages are never released) and while loading.
 */
export function MessageReleases({ messageId, timeZone }: { messageId: string; timeZone: string }) {
  const releases = useReleases(messageId);
  const now = useNow(30_000);
  if (releases.isError) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Who received this message could not be loaded. Reload the page to try again.
      </p>
    );
  }
  if (!releases.data || releases.data.length === 0) return null;
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone);
  return (
    <Card className="h-fit">
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">Released to</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Releases" className="flex flex-col gap-4">
          {groupReleases(releases.data).map((release) => (
            <li key={release.id} className="flex flex-col gap-2 rounded-lg border bg-background p-3 text-sm">
              <ReleaseHeader release={release} now={now} when={when} />
              <ul
                aria-label={`Recipients of the release of ${when(release.releasedAt)}`}
                className="flex flex-col gap-1.5"
              >
                {release.grants.map((grant) => (
                  <GrantRow key={grant.grant_id} grant={grant} when={when} />
                ))}
              </ul>
              {isOnRequest(release)
                ? !release.cancelledAt && <RevokeOnContactsPage />
                : canWithdraw(release.grants, now) && (
                    <div>
                      <WithdrawReleaseDialog
                        messageId={messageId}
                        releaseId={release.id}
                        recipientCount={release.grants.length}
                        opensAt={when(release.opensAt)}
                      />
                    </div>
                  )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ReleaseHeader({ release, now, when }: { release: Release; now: Date; when: (iso: string) => string }) {
  const opened = new Date(release.opensAt).getTime() <= now.getTime();
  return (
    <div className="flex flex-col gap-0.5">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        {release.emergency ? "Emergency alert" : "Released"} {when(release.releasedAt)}
        {release.emergency && <Badge variant="danger">Emergency button</Badge>}
        {release.cancelledAt && <Badge variant="danger">Withdrawn {when(release.cancelledAt)}</Badge>}
      </p>
      <p className="text-muted-foreground">
        {opened ? "Readable since" : "Opens"} {when(release.opensAt)}
        {release.expiresAt ? ` · expires ${when(release.expiresAt)}` : " · never expires"}
      </p>
    </div>
  );
}

/** Released to a trusted contact on their request (docs/decisions/041): the owner takes it back by revoking the request. */
function isOnRequest(release: Release): boolean {
  return release.grants.some((g) => g.contact !== null);
}

function RevokeOnContactsPage() {
  return (
    <p className="text-muted-foreground">
      To stop their link from opening it, revoke their access on your{" "}
      <Link to={paths.trustedContacts} className="font-medium text-primary underline-offset-4 hover:underline">
        Trusted contacts
      </Link>{" "}
      page.
    </p>
  );
}

function GrantRow({ grant, when }: { grant: ReleaseGrant; when: (iso: string) => string }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3">
      <span className="font-medium">{grantHolder(grant)}</span>
      <span className="text-muted-foreground">
        {deliveryText(grant, when)} ·{" "}
        {grant.first_opened_at ? `first opened ${when(grant.first_opened_at)}` : "not opened yet"}
      </span>
    </li>
  );
}
