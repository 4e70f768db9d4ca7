import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/hooks/use-hydrated";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { describePasskeyError, supportsPasskeys } from "@/lib/auth/passkeys";
import { formatDateTime } from "@/lib/format-date-time";
import { toast } from "@/lib/toast";
import { useFactors } from "../api/factors";
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey, type PasskeyListItem } from "../api/passkeys";

const nameOf = (p: PasskeyListItem) => p.friendly_name ?? "Passkey";

/**
 * Passkeys: sign in with the device's fingerprint, face or screen lock instead of the password,
 * and step up with it as the second factor (one passkey is both, docs/decisions/040). Lists them
 * with when each was added and last used; rename and remove (the server wants aal2 for both).
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const factors = useFactors();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const zone = useOwnerTimeZone();
  const supported = useHydrated() && supportsPasskeys();
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<PasskeyListItem | null>(null);
  const list = passkeys.data ?? [];
  const onlyFactor = (factors.data ?? []).filter((f) => f.status === "verified").length === 1;

  const onAdd = () =>
    add.mutate(undefined, {
      onSuccess: (added) =>
        toast.success("Passkey added", {
          description: `“${added?.friendly_name ?? "Passkey"}” can now sign you in without your password.`,
        }),
      onError: (error) => toast.error("No passkey was added", { description: describePasskeyError(error) }),
    });

  const onRename = () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (name === "") return toast.error("Give the passkey a name");
    rename.mutate(
      { id: editing.id, name },
      {
        onSuccess: () => setEditing(null),
        onError: (error) => toast.error("Could not rename it", { description: error.message }),
      },
    );
  };

  const onRemove = () => {
    if (!removing) return;
    const name = nameOf(removing);
    remove.mutate(removing.id, {
      onSuccess: () => toast.success("Passkey removed", { description: `“${name}” no longer signs you in.` }),
      onError: (error) => toast.error("Could not remove it", { description: error.message }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of your password. A passkey also works as your
          second step after a password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {passkeys.isPending ? (
          <Skeleton className="h-10" />
        ) : passkeys.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your passkeys could not be loaded: {passkeys.error.message}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border" aria-label="Passkeys">
            {list.map((p) => (
              <li key={p.id} className="flex flex-col gap-3 p-3">
                {editing?.id === p.id ? (
                  <form
                    noValidate
                    className="flex flex-col gap-3 sm:flex-row sm:items-end"
                    onSubmit={(event) => {
                      event.preventDefault();
                      onRename();
                    }}
                  >
                    <FormField label="Name" className="flex-1">
                      <Input
                        value={editing.name}
                        maxLength={100}
                        autoFocus
                        onChange={(event) => setEditing({ id: p.id, name: event.target.value })}
                      />
                    </FormField>
                    <div className="flex gap-2">
                      <Button type="submit" disabled={rename.isPending}>
                        {rename.isPending && <Spinner className="text-primary-foreground" />}
                        Save
                      </Button>
                      <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                    </div>
                  </form>
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium break-words">{nameOf(p)}</p>
                      <p className="text-xs text-muted-foreground">
                        Added {formatDateTime(new Date(p.created_at), zone)} ·{" "}
                        {p.last_used_at
                          ? `Last used ${formatDateTime(new Date(p.last_used_at), zone)}`
                          : "Not used yet"}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing({ id: p.id, name: nameOf(p) })}>
                        Rename
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setRemoving(p)}>
                        Remove
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}

        {supported ? (
          <Button className="self-start" onClick={onAdd} disabled={add.isPending}>
            {add.isPending && <Spinner className="text-primary-foreground" />}
            {list.length > 0 ? "Add another passkey" : "Add a passkey"}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">This browser cannot make passkeys.</p>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove “${removing ? nameOf(removing) : ""}”?`}
        description={
          onlyFactor
            ? "This is your only second factor: after this, your password alone signs in to your account, and your recovery codes are removed too."
            : "It will no longer sign you in or confirm it is you. The passkey stays on your device until you delete it there."
        }
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={onRemove}
      />
    </Card>
  );
}
