import { CalendarClock, Hourglass, Repeat, Siren, type LucideIcon } from "lucide-react";

const triggers: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Hourglass,
    title: "No check-in for a while",
    text: "Choose a period, say three days. Each check-in restarts it. If it runs out, the message is delivered. Reminders before the deadline give you time to check in.",
  },
  {
    icon: Repeat,
    title: "Recurring check-in",
    text: "Check in on a schedule that suits your life, such as every Monday morning. Miss one and the message goes out.",
  },
  {
    icon: CalendarClock,
    title: "Inactivity until a date",
    text: "Stay quiet until a date you set and the message is released then. Useful for a long trip or a planned absence.",
  },
  {
    icon: Siren,
    title: "Panic button",
    text: "When you need help now, one deliberate double press sends a chosen emergency message at once, with your current location, to its recipients.",
  },
];

export function TriggerTypes() {
  return (
    <section aria-labelledby="triggers-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <h2 id="triggers-title" className="text-center text-3xl font-semibold tracking-tight">
        Four ways a message can be released
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Every message has one or more trigger conditions. You decide which, and you can change or switch them off at any
        time.
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {triggers.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-1.5">
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
