import { Clock, LinkIcon, MailOpen } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { formatDateTime } from "@/lib/format-date-time";
import type { RecipientDiagnostic } from "../api/get-message-diagnostic";

/** A recipient with a link learns only the state of their own link, never the message or its sender's schedule. */
export function RecipientReleaseState({
  release,
  timeZone,
}: {
  release: RecipientDiagnostic["release"];
  timeZone: string;
}) {
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone);
  switch (release.state) {
    case "locked":
      return (
        <EmptyState icon={Clock} title="Your link works; the message is not open yet">
          <p>It opens on {when(release.opens_at)}.</p>
        </EmptyState>
      );
    case "open":
      return (
        <EmptyState icon={MailOpen} title="Your link works and the message is open">
          <p>
            {release.expires_at
              ? `The link stops working on ${when(release.expires_at)}.`
              : "The link does not expire."}
          </p>
        </EmptyState>
      );
    case "expired":
    case "cancelled":
      return (
        <EmptyState icon={LinkIcon} title="This link no longer opens the message">
          <p>It has expired or was withdrawn.</p>
        </EmptyState>
      );
  }
}
