import type { PushDevice } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import { usePushDevices } from "../api/get-push-devices";
import { usePushInfo } from "../api/get-push-info";
import { useRemovePushDevice } from "../api/remove-push-device";
import { useThisPushDevice } from "../api/this-device";
import { pushBlocker } from "../utils/push-browser";
import { blockerSentence } from "../utils/push-sentences";
import { PushDeviceRow } from "./push-device-row";
import { TurnOnPushForm } from "./turn-on-push-form";

/**
 * Security's "Notifications on this device": turn them on here, and the account's devices that
 * show its reminders (each can check in from a reminder with "I'm OK").
 */
export function PushDevicesCard() {
  const info = usePushInfo();
  const devices = usePushDevices({ enabled: info.data?.available === true });
  const thisDevice = useThisPushDevice();
  const blocker = useQuery({ queryKey: ["push-blocker"], queryFn: pushBlocker, staleTime: Infinity });
  const remove = useRemovePushDevice();
  const [removing, setRemoving] = useState<PushDevice | null>(null);
  const timeZone = useOwnerTimeZone();
  const isThis = (device: PushDevice) => device.id === thisDevice.data;
  // This device first: it is the one the card is about.
  const list = [...(devices.data ?? [])].sort((a, b) => Number(isThis(b)) - Number(isThis(a)));
  const onHere = list.some(isThis);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { device: removing, thisDevice: isThis(removing) },
      {
        onSuccess: () =>
          toast.success("Device removed", { description: `${removing.name} gets no more notifications.` }),
        onError: toastError,
        onSettled: () => setRemoving(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications on this device</CardTitle>
        <CardDescription>
          Get your reminders as notifications, and check in from one with “I’m OK” without opening the app.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {info.isPending ? (
          <Skeleton className="h-24" />
        ) : info.isError ? (
          <LoadError what="notification settings" onRetry={() => void info.refetch()} />
        ) : !info.data.available || !info.data.public_key ? (
          <p className="text-sm text-muted-foreground">
            This server does not send notifications: whoever runs it has not set them up. Your reminders go by e-mail{" "}
            and the other channels you choose.
          </p>
        ) : devices.isPending || blocker.isPending || thisDevice.isPending ? (
          <Skeleton className="h-24" />
        ) : (
          <>
            {onHere ? (
              <p className="text-sm">
                Notifications are on for this device. Reminders come here when “Push notifications” is ticked in “Send
                my reminders by”, above.
              </p>
            ) : blocker.data ? (
              <p className="text-sm text-muted-foreground">{blockerSentence[blocker.data]}</p>
            ) : (
              <TurnOnPushForm publicKey={info.data.public_key} />
            )}
            {devices.isError ? (
              <LoadError what="devices" onRetry={() => void devices.refetch()} />
            ) : (
              list.length > 0 && (
                <ul className="flex flex-col divide-y rounded-md border" aria-label="Devices with notifications">
                  {list.map((device) => (
                    <PushDeviceRow
                      key={device.id}
                      device={device}
                      thisDevice={isThis(device)}
                      timeZone={timeZone}
                      onRemove={() => setRemoving(device)}
                    />
                  ))}
                </ul>
              )
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? "this device"}?`}
        description={
          removing && isThis(removing)
            ? "Notifications stop on this device, and “I’m OK” in a notification here will no longer check in. You can turn them on again here."
            : "It gets no more notifications, and “I’m OK” in a notification on it will no longer check in."
        }
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
