import { cancelledByCheckIn, type MessageListItem, type OwnerRelease } from "@trigger-switch/contracts";
import { History, Send, Siren } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { CONDITION_LABELS } from "@/features/conditions";
import { formatDateTime } from "@/lib/format-date-time";
import { deliveryText, grantHolder } from "@/features/releases";

interface Activity {
  key: string;
  at: Date;
  text: string;
  /** A release: what went out, to whom, each recipient's delivery and first opening. */
  release?: OwnerRelease;
}

/** Events read from the timestamps the messages carry; nothing is invented. Newest first. */
export function recentActivity(messages: MessageListItem[], releases: OwnerRelease[] = [], limit = 6): Activity[] {
  const events: Activity[] = [];
  for (const m of messages) {
    events.push({ key: `${m.id}-c`, at: new Date(m.created_at), text: `You wrote “${m.title}”.` });
    if (new Date(m.updated_at).getTime() - new Date(m.created_at).getTime() > 1000)
      events.push({ key: `${m.id}-u`, at: new Date(m.updated_at), text: `You changed “${m.title}”.` });
    for (const c of m.conditions) {
      const label = CONDITION_LABELS[c.condition_type].title;
      if (c.is_armed)
        events.push({ key: `${c.id}-a`, at: new Date(c.armed_at), text: `${label} armed on “${m.title}”.` });
      if (new Date(c.last_checked).getTime() > new Date(c.armed_at).getTime())
        events.push({
          key: `${c.id}-k`,
          at: new Date(c.last_checked),
          // A check-in cancels a dated delivery: the activity says so, not only "checked in".
          text: cancelledByCheckIn(c)
            ? `You checked in, which cancelled the delivery of “${m.title}” (${label.toLowerCase()}): nothing will send it until you arm it again.`
            : `You checked in (${label.toLowerCase()}, “${m.title}”).`,
        });
    }
  }
  for (const release of releases) {
    events.push({
      key: `${release.release_id}-r`,
      at: new Date(release.released_at),
      text: releaseSentence(release),
      release,
    });
    for (const grant of release.grants) {
      if (grant.first_opened_at)
        events.push({
          key: `${grant.grant_id}-o`,
          at: new Date(grant.first_opened_at),
          text: `${grantHolder(grant)} opened “${release.message_title}”.`,
        });
    }
  }
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

/** "“For Sam” went out to Sam and Grace." — who, in the owner's words. */
export function releaseSentence(release: OwnerRelease): string {
  const names = release.grants.map((g) => grantHolder(g, false));
  const who = names.length <= 1 ? (names[0] ?? "nobody") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return release.emergency
    ? `Your emergency alert “${release.message_title}” went out to ${who}.`
    : `“${release.message_title}” went out to ${who}.`;
}

export function RecentActivity({
  messages,
  releases,
  timeZone,
}: {
  messages: MessageListItem[];
  releases?: OwnerRelease[];
  timeZone: string;
}) {
  const events = recentActivity(messages, releases);
  const when = (iso: string) => formatDateTime(new Date(iso), timeZone);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-5 text-primary" aria-hidden="true" />
          Recent activity
        </CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol aria-label="Recent activity" className="flex flex-col gap-3">
            {events.map((event) => (
              <li key={event.key} className="flex flex-col text-sm">
                {event.release ? (
                  <ReleaseEvent release={event.release} text={event.text} when={when} />
                ) : (
                  <span>{event.text}</span>
                )}
                <time dateTime={event.at.toISOString()} className="text-xs text-muted-foreground">
                  {formatDateTime(event.at, timeZone)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function ReleaseEvent({ release, text, when }: { release: OwnerRelease; text: string; when: (iso: string) => string }) {
  const Icon = release.emergency ? Siren : Send;
  return (
    <div
      className={`flex flex-col gap-1 rounded-md border-l-4 py-1 pl-3 ${release.emergency ? "border-destructive" : "border-primary"}`}
    >
      <span className="flex items-start gap-2 font-medium">
        <Icon
          className={`mt-0.5 size-4 shrink-0 ${release.emergency ? "text-destructive" : "text-primary"}`}
          aria-hidden="true"
        />
        <Link to={paths.message(release.message_id)} className="underline-offset-4 hover:underline">
          {text}
        </Link>
      </span>
      <ul
        aria-label={`Recipients of “${release.message_title}”`}
        className="flex flex-col gap-0.5 text-xs text-muted-foreground"
      >
        {release.grants.map((grant) => (
          <li key={grant.grant_id}>
            <span className="font-medium text-foreground">{grantHolder(grant)}</span>: {deliveryText(grant, when)} ·{" "}
            {grant.first_opened_at ? `first opened ${when(grant.first_opened_at)}` : "not opened yet"}
          </li>
        ))}
      </ul>
    </div>
  );
}
