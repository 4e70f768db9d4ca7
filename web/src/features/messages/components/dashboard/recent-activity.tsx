import type { MessageListItem } from "@trigger-switch/contracts";
import { History } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CONDITION_LABELS } from "../../utils/condition-labels";
import { formatDateTime } from "../../utils/format-when";

interface Activity {
  key: string;
  at: Date;
  text: string;
}

/** Events read from the timestamps the messages carry; nothing is invented. Newest first. */
export function recentActivity(messages: MessageListItem[], limit = 6): Activity[] {
  const events: Activity[] = [];
  for (const m of messages) {
    events.push({ key: `${m.id}-c`, at: new Date(m.created_at), text: `You wrote “${m.title}”.` });
    if (new Date(m.updated_at).getTime() - new Date(m.created_at).getTime() > 1000)
      events.push({ key: `${m.id}-u`, at: new Date(m.updated_at), text: `You changed “${m.title}”.` });
    for (const c of m.conditions) {
      const label = CONDITION_LABELS[c.condition_type].title;
      if (c.is_armed) events.push({ key: `${c.id}-a`, at: new Date(c.armed_at), text: `${label} armed on “${m.title}”.` });
      if (new Date(c.last_checked).getTime() > new Date(c.armed_at).getTime())
        events.push({ key: `${c.id}-k`, at: new Date(c.last_checked), text: `You checked in (${label.toLowerCase()}, “${m.title}”).` });
    }
  }
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}

export function RecentActivity({ messages, timeZone }: { messages: MessageListItem[]; timeZone: string }) {
  const events = recentActivity(messages);
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
                <span>{event.text}</span>
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
