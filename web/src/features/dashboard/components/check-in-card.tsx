import { canFire, CHECK_IN_CONDITION_TYPES, checkInWouldCancel, type MessageListItem } from "@trigger-switch/contracts";
import { CalendarCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { checkInWillCancel, useCheckIn } from "@/features/check-in";
import { formatDateTime } from "@/lib/format-date-time";

const isCheckIn = (type: string) => (CHECK_IN_CONDITION_TYPES as readonly string[]).includes(type);

/**
 * Check-in state: how many armed conditions wait for check-ins and when the last one arrived
 * (a last_checked later than armed_at; arming alone sets both to the same instant), and, before
 * the button, which dated deliveries a check-in now would cancel.
 */
export function CheckInCard({ messages, timeZone }: { messages: MessageListItem[]; timeZone: string }) {
  const checkIn = useCheckIn();
  const conditions = messages.flatMap((m) => m.conditions).filter((c) => isCheckIn(c.condition_type) && canFire(c));
  const lastCheckIn = conditions
    .filter((c) => new Date(c.last_checked).getTime() > new Date(c.armed_at).getTime())
    .map((c) => new Date(c.last_checked))
    .sort((a, b) => b.getTime() - a.getTime())[0];
  const now = new Date();
  const cancels = messages.flatMap((m) =>
    m.conditions
      .filter((c) => isCheckIn(c.condition_type) && c.deliver_at && checkInWouldCancel(c, now))
      .map((c) => ({ title: m.title, deliverAt: c.deliver_at! })),
  );
  return (
    <Card id="check-in" className="scroll-mt-24">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <CalendarCheck className="size-5 text-primary" aria-hidden="true" />
          Check-ins
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {conditions.length === 0 ? (
          <p className="text-muted-foreground">No armed condition waits for a check-in.</p>
        ) : (
          <>
            <p>
              {conditions.length} armed condition{conditions.length === 1 ? " waits" : "s wait"} for your check-ins.
            </p>
            <p className="text-muted-foreground">
              {lastCheckIn
                ? `Last check-in: ${formatDateTime(lastCheckIn, timeZone)}.`
                : "No check-in since they were armed."}
            </p>
            {cancels.length > 0 && <p className="font-medium">{checkInWillCancel(cancels, timeZone)}</p>}
            <div>
              <Button type="button" variant="warning" onClick={() => checkIn.mutate()} disabled={checkIn.isPending}>
                <CalendarCheck aria-hidden="true" />
                Check In Now
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
