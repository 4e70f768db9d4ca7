import { PUSH_DEVICE_NAME_MAX } from "@trigger-switch/contracts";
import { BellRing } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { useTurnOnPush } from "../api/turn-on-push";
import { defaultDeviceName } from "../utils/device-name";
import { turnOnFailureSentence } from "../utils/push-sentences";

/** Names this device and turns its notifications on (the browser asks for the permission). */
export function TurnOnPushForm({ publicKey }: { publicKey: string }) {
  const [name, setName] = useState(() => defaultDeviceName(navigator.userAgent));
  const turnOn = useTurnOnPush();
  const timeZone = useOwnerTimeZone();
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) turnOn.mutate({ name: trimmed, publicKey, timeZone });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <p className="text-sm text-muted-foreground">Notifications are off on this device.</p>
      <FormField
        label="Name of this device"
        hint="So you can tell your devices apart in the list."
        error={trimmed ? undefined : "Name this device"}
      >
        <Input value={name} maxLength={PUSH_DEVICE_NAME_MAX} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <Button type="submit" className="self-start" disabled={!trimmed || turnOn.isPending}>
        <BellRing className="size-4" aria-hidden="true" />
        {turnOn.isPending ? "Turning on…" : "Turn on notifications"}
      </Button>
      {turnOn.isError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {turnOnFailureSentence(turnOn.error)}
        </p>
      )}
    </form>
  );
}
