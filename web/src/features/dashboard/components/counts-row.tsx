import { canFire, type MessageListItem } from "@trigger-switch/contracts";
import { Link } from "react-router";
import { paths } from "@/config/paths";

/** Four numbers with where to act on each. */
export function CountsRow({
  messages,
  recipientCount,
}: {
  messages: MessageListItem[];
  recipientCount: number | null;
}) {
  const ready = messages.filter((m) => m.ready).length;
  const armed = messages.flatMap((m) => m.conditions).filter(canFire).length;
  const items = [
    { label: "Messages", value: messages.length, to: paths.messages },
    // Not "Ready to send", which reads as "about to be sent": these go out only if triggered.
    { label: "Will go out if triggered", value: ready, to: paths.messages },
    { label: "Armed conditions", value: armed, to: paths.messages },
    { label: "Recipients", value: recipientCount, to: paths.recipients },
  ];
  return (
    <ul aria-label="Counts" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <li key={item.label}>
          <Link
            to={item.to}
            className="flex h-full flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="text-2xl font-semibold tabular-nums">{item.value ?? "–"}</span>
            <span className="text-xs font-medium text-muted-foreground">{item.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
