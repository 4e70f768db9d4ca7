import type { ChannelsInfo, OwnerChannels, ReminderChannel } from "@trigger-switch/contracts";
import { Label } from "@/components/ui/label";
import { usePushDevices, usePushInfo } from "@/features/push";
import { useBilling } from "@/features/subscription";
import { useSetReminderChannels } from "../api/set-reminder-channels";
import { planExcludes } from "../utils/channel-blocker";

const CHOICES: { id: ReminderChannel; label: string }[] = [
  { id: "email", label: "E-mail (always)" },
  { id: "whatsapp", label: "WhatsApp" },
  { id: "sms", label: "SMS" },
  { id: "push", label: "Push notifications" },
];

/**
 * Where reminders before a deadline go: e-mail always, WhatsApp and SMS once the number is
 * verified and when the plan includes them (the rule the recipient dialog follows), push
 * notifications once a device has them on (Security).
 */
export function ReminderChannels({ info, owner }: { info: ChannelsInfo; owner: OwnerChannels }) {
  const save = useSetReminderChannels();
  const billing = useBilling();
  const plan = billing.data?.plans.find((p) => p.id === billing.data?.plan);
  const push = usePushInfo();
  const pushOn = push.data?.available === true;
  const devices = usePushDevices({ enabled: pushOn });
  const chosen = new Set(save.isPending && save.variables ? save.variables : owner.reminder_channels);
  const why = (id: ReminderChannel): string | null => {
    if (id === "email") return null;
    if (id === "push") {
      if (!pushOn) return push.isPending ? "loading…" : "off on this server";
      return (devices.data?.length ?? 0) === 0 ? "turn on notifications on a device first (Security, below)" : null;
    }
    if (!info[id].available) return "off on this server";
    if (plan && planExcludes(id, plan.channels)) return `not part of your ${plan.name} plan`;
    if (!owner.verified) return "verify your number first";
    return null;
  };
  const toggle = (id: ReminderChannel, on: boolean) =>
    save.mutate(CHOICES.map((c) => c.id).filter((c) => c === "email" || (c === id ? on : chosen.has(c))));
  const sentByMessage = info.whatsapp.uses.owner_reminders || info.sms.uses.owner_reminders;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Send my reminders by</legend>
      {CHOICES.map(({ id, label }) => {
        const reason = why(id);
        return (
          <div key={id} className="flex items-center gap-2">
            <input
              id={`reminder-${id}`}
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={chosen.has(id)}
              disabled={id === "email" || reason !== null || save.isPending}
              onChange={(e) => toggle(id, e.target.checked)}
            />
            <Label htmlFor={`reminder-${id}`} className={reason ? "text-muted-foreground" : undefined}>
              {label}
              {reason && <span className="font-normal"> — {reason}</span>}
            </Label>
          </div>
        );
      })}
      {!sentByMessage && (
        <p className="text-xs text-muted-foreground">
          {pushOn
            ? "This server sends reminders by e-mail and push notifications for now."
            : "This server sends reminders by e-mail only for now."}{" "}
          Your choice is kept and used as soon as reminders by WhatsApp or SMS are switched on here.
        </p>
      )}
    </fieldset>
  );
}
