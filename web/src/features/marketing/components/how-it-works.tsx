const steps = [
  {
    title: "Write your message",
    text: "A letter, practical instructions, account details, where to find important papers. Attach files if they help.",
  },
  {
    title: "Choose recipients and a trigger",
    text: "Pick who receives it and what releases it. Recipients do not need an account.",
  },
  {
    title: "Check in",
    text: "Check in from the header of the app or from the link in a reminder e-mail. Each check-in resets your timers.",
  },
  {
    title: "Delivery, only when it fires",
    text: "If a condition fires, each recipient is notified with a private link to open the message on a secure page.",
  },
];

const checkInByMessage = (by: string) =>
  `Check in from the header of the app, from the link in a reminder e-mail, or by sending a text by ${by} from your verified number. Each check-in resets your timers.`;

/** `checkInBy`: "WhatsApp or SMS" when this server takes check-ins by message (GET /api/channels), else null. */
export function HowItWorks({ checkInBy = null }: { checkInBy?: string | null }) {
  return (
    <section aria-labelledby="how-title" className="border-y bg-card">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2 id="how-title" className="text-center text-3xl font-semibold tracking-tight">
          How delivery works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-4">
          {steps.map(({ title, text }, index) => (
            <li key={title} className="flex flex-col gap-2">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">
                {title === "Check in" && checkInBy ? checkInByMessage(checkInBy) : text}
              </p>
            </li>
          ))}
        </ol>
        <p className="mx-auto mt-10 max-w-3xl text-center text-sm text-muted-foreground">
          An outage on our side never releases a message: if our service was down when a deadline passed, the deadline
          is moved back by the length of the outage and you are reminded first.
        </p>
      </div>
    </section>
  );
}
