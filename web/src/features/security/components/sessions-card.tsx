import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { Laptop, Smartphone } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadError } from "@/components/load-error";
import { toastError } from "@/lib/error-toast";
import { formatDateTime } from "@/lib/format-date-time";
import { toast } from "@/lib/toast";
import { usePushDevices, usePushInfo } from "@/features/push";
import { useEndSessions, useSessions, type SessionInfo } from "../api/sessions";

const isPhone = (device: string) => /iPhone|iPad|Android/.test(device);

/** Where the account is signed in; end one session or every other one. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSessions();
  const [ending, setEnding] = useState<SessionInfo | "others" | null>(null);
  const zone = useOwnerTimeZone();
  const others = (sessions.data ?? []).filter((s) => !s.current);

  // Signing out leaves notification devices on (docs/decisions/039); say so where it could surprise.
  const push = usePushInfo();
  const devices = usePushDevices({ enabled: push.data?.available === true });
  const notificationsStay =
    (devices.data?.length ?? 0) > 0
      ? " Notifications stay on for your devices until you remove them under “Notifications on this device”."
      : "";

  // One device or several: every sentence says which.
  const many = ending === "others" && others.length > 1;
  const confirm = () => {
    if (!ending) return;
    end.mutate(ending === "others" ? "others" : { sessionId: ending.id }, {
      onSuccess: () =>
        toast.success(ending === "others" ? "Signed out everywhere else" : "Session ended", {
          description:
            ending === "others"
              ? many
                ? "Those devices must sign in again."
                : "The other device must sign in again."
              : `${ending.device ?? "That device"} must sign in again.`,
        }),
      onError: toastError,
      onSettled: () => setEnding(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>If you do not recognise a device, end its session and change your password.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <Skeleton className="h-24" />
        ) : sessions.isError ? (
          <LoadError what="sessions" onRetry={() => void sessions.refetch()} />
        ) : (
          <ul className="flex flex-col divide-y rounded-md border" aria-label="Sessions">
            {sessions.data.map((s) => {
              const Icon = isPhone(s.device) ? Smartphone : Laptop;
              return (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="flex min-w-0 items-start gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0 text-sm">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {s.device} {s.current && <Badge variant="success">This device</Badge>}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Signed in {formatDateTime(new Date(s.created_at), zone)} · last active{" "}
                        {formatDateTime(new Date(s.last_used_at), zone)}
                        {s.ip ? ` · ${s.ip}` : ""}
                      </p>
                    </div>
                  </div>
                  {!s.current && (
                    <Button variant="outline" size="sm" onClick={() => setEnding(s)}>
                      End session
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {others.length > 0 && (
          <Button variant="outline" className="self-start" onClick={() => setEnding("others")}>
            Sign out everywhere else
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title={
          ending === "others"
            ? `Sign out ${others.length === 1 ? "the other device" : `${others.length} other devices`}?`
            : `End the session on ${ending?.device ?? "that device"}?`
        }
        description={`${many ? "They are signed out at once and must sign in again." : "It is signed out at once and must sign in again."}${notificationsStay}`}
        confirmLabel={ending === "others" ? "Sign out everywhere else" : "End session"}
        pending={end.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
