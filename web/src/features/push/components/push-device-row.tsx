import { PUSH_DEVICE_NAME_MAX, type PushDevice } from "@trigger-switch/contracts";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toastError } from "@/lib/error-toast";
import { formatDateTime } from "@/lib/format-date-time";
import { toast } from "@/lib/toast";
import { useRenamePushDevice } from "../api/rename-push-device";
import { useSendTestPush } from "../api/send-test-push";

/** One device in the list: when it was added and last heard of; rename, test, remove. */
export function PushDeviceRow({
  device,
  thisDevice,
  timeZone,
  onRemove,
}: {
  device: PushDevice;
  thisDevice: boolean;
  timeZone: string;
  onRemove: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(device.name);
  const rename = useRenamePushDevice();
  const test = useSendTestPush();
  const when = (at: string | null, never: string) => (at ? formatDateTime(new Date(at), timeZone) : never);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    rename.mutate({ id: device.id, name: trimmed }, { onSuccess: () => setRenaming(false), onError: toastError });
  };
  const sendTest = () =>
    test.mutate(device.id, {
      onSuccess: () =>
        toast.success("Test notification sent", {
          description: `It should appear on ${device.name} within a minute. If it does not, check that notifications are allowed there.`,
        }),
      onError: toastError,
    });

  return (
    <li className="flex flex-col gap-3 p-3">
      {renaming ? (
        <form className="flex flex-wrap items-center gap-2" onSubmit={save}>
          <Input
            aria-label={`New name for ${device.name}`}
            className="max-w-xs"
            value={name}
            maxLength={PUSH_DEVICE_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <Button type="submit" size="sm" disabled={!name.trim() || rename.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => (setRenaming(false), setName(device.name))}>
            Cancel
          </Button>
        </form>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {device.name} {thisDevice && <Badge variant="success">This device</Badge>}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        Added {when(device.created_at, "")} · last notification {when(device.last_push_at, "none yet")} · last “I’m OK”{" "}
        {when(device.last_check_in_at, "none yet")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={sendTest} disabled={test.isPending}>
          {test.isPending ? "Sending…" : "Send a test notification"}
        </Button>
        {!renaming && (
          <Button size="sm" variant="outline" onClick={() => setRenaming(true)}>
            Rename
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onRemove}>
          Remove
        </Button>
      </div>
    </li>
  );
}
