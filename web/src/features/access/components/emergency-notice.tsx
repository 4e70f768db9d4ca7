import { Siren } from "lucide-react";
import { formatDateTime } from "@/lib/format-date-time";
import type { OpenMessage } from "../api/get-released-message";
import { howLongAgo } from "../utils/how-long-ago";

/**
 * The first thing a recipient of an emergency reads: that it is one, and when the button was
 * pressed. When no current position came with it, it says so rather than let an old one pass for now.
 */
export function EmergencyNotice({
  from,
  emergency,
  hasLocation,
  now,
  timeZone,
}: {
  from: string;
  emergency: NonNullable<OpenMessage["emergency"]>;
  hasLocation: boolean;
  now: Date;
  timeZone: string;
}) {
  const pressed = new Date(emergency.triggered_at);
  return (
    <section
      role="alert"
      aria-labelledby="emergency-heading"
      className="flex items-start gap-3 rounded-lg border-2 border-destructive bg-destructive/10 px-4 py-3"
    >
      <Siren className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="flex flex-col gap-1 text-sm">
        <h2 id="emergency-heading" className="text-base font-semibold text-destructive">
          Emergency alert
        </h2>
        <p>
          {from} pressed their emergency button {howLongAgo(pressed, now)} ({formatDateTime(pressed, timeZone)}). This
          message was sent at once, not on a schedule.
        </p>
        <p>
          {hasLocation
            ? "Their position around that time is shown below."
            : `No current position came with it: ${from}'s device did not share where they were at the time.`}{" "}
          If you think they are in danger, call the emergency services.
        </p>
      </div>
    </section>
  );
}
