import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";
import { isApiError } from "@/lib/api-client";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import { useDeleteAccount, useExportAccount } from "../api/account-data";

/** Take everything with you, or delete the account for good. */
export function AccountDataCard({ hasPassword }: { hasPassword: boolean }) {
  const exportAccount = useExportAccount();
  const deleteAccount = useDeleteAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [confirmText, setConfirmText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const remove = () => {
    setError(null);
    deleteAccount.mutate(password, {
      onSuccess: async () => {
        setOpen(false);
        await signOut();
        navigate(paths.home, { replace: true });
        toast.success("Your account was deleted", {
          description: "Every switch was disarmed and your data removed. We sent a confirmation e-mail.",
        });
      },
      onError: (e) =>
        setError(isApiError(e) ? (e.fields.password ?? e.message) : "Could not delete the account. Please try again."),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Download everything you keep here, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            One file with your messages (readable, not encrypted), recipients, conditions and attachments. Keep it
            somewhere safe.
          </p>
          <Button
            variant="outline"
            className="self-start"
            disabled={exportAccount.isPending}
            onClick={() =>
              exportAccount.mutate(undefined, {
                onSuccess: () =>
                  toast.success("Download started", { description: "Your data is in the file your browser saved." }),
                onError: toastError,
              })
            }
          >
            {exportAccount.isPending && <Spinner />}
            Download my data
          </Button>
        </div>
        <div className="flex flex-col gap-2 border-t pt-5">
          <p className="text-sm">
            Deleting your account disarms every switch at once and removes every message, recipient and file. Recipients
            can no longer open messages already delivered. This cannot be undone.
          </p>
          <Button variant="destructive" className="self-start" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        </div>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Delete your account for good?</DialogTitle>
          <DialogDescription>
            Nothing will be sent on your behalf any more, and your messages cannot be recovered. Download your data
            first if you want to keep it.
          </DialogDescription>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              remove();
            }}
          >
            {hasPassword && (
              <FormField label="Your password" error={error ?? undefined}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </FormField>
            )}
            {!hasPassword && (
              <p className="text-sm text-muted-foreground">
                Your account has no password (you sign in with a provider), so deleting it needs a sign-in within the
                last 5 minutes instead. If yours is older, sign out, sign in again and come back here.
              </p>
            )}
            {!hasPassword && error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <FormField label="Type DELETE to confirm">
              <Input value={confirmText} onChange={(event) => setConfirmText(event.target.value)} autoComplete="off" />
            </FormField>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={confirmText.trim() !== "DELETE" || deleteAccount.isPending}
              >
                {deleteAccount.isPending && <Spinner className="text-destructive-foreground" />}
                Delete my account
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
