import type { AdminUser } from "@trigger-switch/contracts";
import { Search } from "lucide-react";
import { useState } from "react";
import { EmailAddress } from "@/components/email-address";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { useMe } from "@/lib/auth/me-query";
import { toast } from "@/lib/toast";
import { useSetUserDisabled } from "../api/admin-actions";
import { useAdminUsers } from "../api/admin-queries";
import { ReasonField, useReason } from "./reason-field";

function UserRow({ user, zone, isSelf }: { user: AdminUser; zone: string; isSelf: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const reason = useReason();
  const action = useSetUserDisabled();
  const disable = !user.disabled;
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), zone) : "never");
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium">
            <EmailAddress email={user.email} />
          </span>
          {isSelf && <Badge variant="neutral">You</Badge>}
          <Badge variant={user.plan === "plus" ? "info" : "neutral"}>{user.plan === "plus" ? "Plus" : "Free"}</Badge>
          {user.disabled && <Badge variant="danger">Disabled</Badge>}
          {!user.email_confirmed && <Badge variant="warning">Unconfirmed</Badge>}
          {user.admin_address && <Badge variant="info">Admin address</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          Joined {when(user.created_at)} · last check-in {when(user.last_check_in)} · {user.messages}{" "}
          {user.messages === 1 ? "message" : "messages"} · {user.armed_switches} armed
          {user.held_switches > 0 ? ` · ${user.held_switches} held while disabled` : ""}
        </p>
      </div>
      {/* An admin must not lock themselves out (the server refuses it too): no Disable on their own row. */}
      {isSelf && disable ? (
        <p className="text-xs text-muted-foreground sm:max-w-48 sm:text-right">
          Your own account: another admin can disable it.
        </p>
      ) : (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(next) => {
            reason.reset();
            setConfirming(next);
          }}
          trigger={
            <Button variant={disable ? "outline" : "default"} size="sm" className="self-start sm:self-auto">
              {disable ? "Disable" : "Enable"}
            </Button>
          }
          title={
            <>
              {disable ? "Disable " : "Enable "}
              <EmailAddress email={user.email} />?
            </>
          }
          description={
            disable
              ? `They are signed out everywhere and cannot sign in. Their ${user.armed_switches} armed ${user.armed_switches === 1 ? "switch is" : "switches are"} held: nothing of theirs is sent while the account is disabled, and enabling arms them again with a fresh clock. They are told by e-mail. This is written to the audit log.`
              : `They can sign in again, and the ${user.held_switches} held ${user.held_switches === 1 ? "switch is" : "switches are"} armed again with their clocks starting now. They are told by e-mail. This is written to the audit log.`
          }
          confirmLabel={disable ? "Disable account" : "Enable account"}
          pending={action.isPending}
          confirmDisabled={reason.error !== null}
          onConfirm={() =>
            action.mutate(
              { id: user.id, disabled: disable, reason: reason.reason },
              {
                onSuccess: (r) => {
                  toast.success(disable ? "Account disabled" : "Account enabled", {
                    description: disable
                      ? `${r.held} ${r.held === 1 ? "switch" : "switches"} held.`
                      : [`${r.rearmed} ${r.rearmed === 1 ? "switch" : "switches"} armed again.`, ...r.not_rearmed].join(
                          " ",
                        ),
                  });
                },
                onSettled: () => setConfirming(false),
              },
            )
          }
        >
          <ReasonField state={reason} />
        </ConfirmDialog>
      )}
    </li>
  );
}

/** Accounts: search by address, plan, dates, counts and disable/enable. No message content, ever. */
export function UsersPanel() {
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const users = useAdminUsers(q, offset);
  const me = useMe();
  const zone = browserTimeZone();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-users">
      <h2 id="admin-users" className="text-lg font-semibold">
        Users
      </h2>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setOffset(0);
          setQ(typed.trim());
        }}
      >
        <Input
          aria-label="Search by e-mail"
          placeholder="Search by e-mail"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={200}
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      {users.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : users.isError ? (
        <p className="text-sm text-destructive">Users could not be loaded: {users.error.message}</p>
      ) : users.data.users.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {q ? `No account's address contains “${q}”.` : "No accounts yet."}
        </p>
      ) : (
        <>
          <ul className="divide-y rounded-lg border bg-card px-4">
            {users.data.users.map((u) => (
              <UserRow key={u.id} user={u} zone={zone} isSelf={u.id === me.data?.id} />
            ))}
          </ul>
          <div className="flex items-center justify-between text-sm text-muted-foreground">
            <span>
              {offset + 1}–{offset + users.data.users.length} of {users.data.total}
            </span>
            <span className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - 25))}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + users.data.users.length >= users.data.total}
                onClick={() => setOffset(offset + 25)}
              >
                Next
              </Button>
            </span>
          </div>
        </>
      )}
    </section>
  );
}
