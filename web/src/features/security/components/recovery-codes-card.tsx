import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { Copy, Download } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { LoadError } from "@/components/load-error";
import { toastError } from "@/lib/error-toast";
import { formatDateTime } from "@/lib/format-date-time";
import { toast } from "@/lib/toast";
import { useMakeRecoveryCodes, useRecoveryCodes } from "../api/recovery-codes";

/**
 * Recovery codes (docs/decisions/026): shown only while the account has a second factor. The
 * codes are on screen once, right after they are made; afterwards only how many are left.
 */
export function RecoveryCodesCard({ email }: { email: string }) {
  const status = useRecoveryCodes(true);
  const make = useMakeRecoveryCodes();
  const [shown, setShown] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const zone = useOwnerTimeZone();

  const makeCodes = () =>
    make.mutate(undefined, {
      onSuccess: (made) => {
        setShown(made.codes);
        toast.success("Recovery codes made", { description: "Save them now: they are shown only this once." });
      },
      onError: toastError,
      onSettled: () => setConfirming(false),
    });

  const text = shown
    ? `Trigger Switch recovery codes for ${email}\nEach code works once, in place of your second factor.\n\n${shown.join("\n")}\n`
    : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Copied", { description: "Paste them somewhere safe, away from your phone." });
    } catch {
      toast.error("Could not copy", { description: "Select the codes and copy them by hand, or download them." });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = Object.assign(document.createElement("a"), {
      href: url,
      download: "trigger-switch-recovery-codes.txt",
    });
    link.click();
    URL.revokeObjectURL(url);
  };

  const data = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recovery codes</CardTitle>
        <CardDescription>
          If you lose your phone or authenticator app, a recovery code signs you in instead of its code. Each works
          once. Keep them on paper or in a password manager, not on the phone itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {shown ? (
          <div className="flex flex-col gap-3" aria-label="Your new recovery codes">
            <Alert variant="warning">
              <p>Save these now. They are shown only this once; any earlier codes no longer work.</p>
            </Alert>
            <ol
              data-testid="recovery-codes"
              className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md border bg-muted/30 p-4 font-mono text-base sm:grid-cols-2"
            >
              {shown.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ol>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden="true" /> Copy
              </Button>
              <Button variant="outline" onClick={download}>
                <Download aria-hidden="true" /> Download
              </Button>
              <Button onClick={() => setShown(null)}>I have saved them</Button>
            </div>
          </div>
        ) : status.isPending ? (
          <Skeleton className="h-10" />
        ) : status.isError ? (
          <LoadError what="recovery codes" onRetry={() => void status.refetch()} />
        ) : (
          <>
            {data!.total === 0 ? (
              <p className="text-sm">
                <Badge variant="warning">None yet</Badge> Without recovery codes, losing your second factor locks you
                out of your account.
              </p>
            ) : (
              <p className="text-sm">
                <Badge variant={data!.remaining <= 2 ? "warning" : "success"}>
                  {data!.remaining} of {data!.total} left
                </Badge>{" "}
                Made {formatDateTime(new Date(data!.created_at!), zone)}.
                {data!.remaining <= 2 && " Make new ones before you run out."}
              </p>
            )}
            <Button
              className="self-start"
              variant={data!.total === 0 ? "default" : "outline"}
              disabled={make.isPending}
              onClick={() => (data!.total === 0 ? makeCodes() : setConfirming(true))}
            >
              {make.isPending && <Spinner />}
              {data!.total === 0 ? "Make recovery codes" : "Make new codes"}
            </Button>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make new recovery codes?"
        description="Your current codes stop working at once, including any you have saved."
        confirmLabel="Make new codes"
        pending={make.isPending}
        onConfirm={makeCodes}
      />
    </Card>
  );
}
