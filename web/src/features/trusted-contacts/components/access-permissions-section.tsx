import { ACCESS_WAITING_HOURS, accessPermissionSchema, type AccessPermission } from "@trigger-switch/contracts";
import { KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { dismissFormToast, toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useAccessPermissions, useSaveAccessPermissions } from "../api/access-permissions";
import { useAccessRequests } from "../api/access-requests";
import { useTrustedContacts } from "../api/trusted-contacts";
import { hoursAsDays } from "../utils/access-words";
import { listNames } from "../utils/owner-words";

const TITLE = "Trusted contacts who may ask for this message";
const waitingHoursSchema = accessPermissionSchema.shape.waiting_hours;

/**
 * Emergency access on request for one message (docs/decisions/041): which active trusted contacts
 * may ask for it, each with a waiting period. Off by default: nobody is on the list until the owner
 * saves them. Saving replaces the whole list.
 */
export function AccessPermissionsSection({ messageId }: { messageId: string }) {
  const permissions = useAccessPermissions(messageId);
  const contacts = useTrustedContacts();
  const titleId = useId();
  return (
    <Card className="h-fit" role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <KeyRound className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {TITLE}
        </CardTitle>
        <CardDescription>
          If they ask, you are alerted at once and can deny. If you do not deny within the waiting period, this message
          is sent to them alone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {permissions.isPending || contacts.isPending ? (
          <div role="status" aria-label="Loading who may ask for this message">
            <Skeleton className="h-16" />
          </div>
        ) : permissions.isError || contacts.isError ? (
          <p className="text-sm text-destructive">
            Who may ask for this message could not be loaded.{" "}
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => void Promise.all([permissions.refetch(), contacts.refetch()])}
            >
              Try again
            </button>
          </p>
        ) : (
          <PermissionsForm
            messageId={messageId}
            saved={permissions.data}
            active={contacts.data.filter((c) => c.state === "active")}
          />
        )}
      </CardContent>
    </Card>
  );
}

interface Row {
  checked: boolean;
  /** As typed, so a half-typed number is not rewritten under the owner's fingers. */
  hours: string;
}

function PermissionsForm({
  messageId,
  saved,
  active,
}: {
  messageId: string;
  saved: AccessPermission[];
  active: { id: string; name: string }[];
}) {
  const save = useSaveAccessPermissions(messageId);
  const requests = useAccessRequests();
  const ids = useId();
  // Only what the owner changed; every other contact shows what is saved (a contact who accepts
  // while the page is open joins the list unticked).
  const [edits, setEdits] = useState<Record<string, Row>>({});
  const rowOf = (id: string): Row => {
    const p = saved.find((s) => s.contact_id === id);
    return edits[id] ?? { checked: p !== undefined, hours: String(p?.waiting_hours ?? ACCESS_WAITING_HOURS.default) };
  };
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (active.length === 0)
    return (
      <p className="text-sm">
        You have no active trusted contact: only someone who accepted your invitation can be allowed to ask.{" "}
        <Link to={paths.trustedContacts} className="font-medium text-primary underline-offset-4 hover:underline">
          Invite someone on the Trusted contacts page
        </Link>
        .
      </p>
    );

  const update = (id: string, change: Partial<Row>) => {
    setEdits((all) => ({ ...all, [id]: { ...rowOf(id), ...change } }));
    setErrors(({ [id]: _, ...rest }) => rest);
  };
  // Taking someone off the list denies their waiting request for this message (the server does it on save).
  const waitingOf = (id: string) =>
    requests.data?.some((r) => r.message_id === messageId && r.contact_id === id && r.state === "waiting") ?? false;

  const submit = () => {
    const found: Record<string, string> = {};
    const list: AccessPermission[] = [];
    for (const c of active) {
      const row = rowOf(c.id);
      if (!row.checked) continue;
      const parsed = waitingHoursSchema.safeParse(row.hours.trim() === "" ? Number.NaN : Number(row.hours));
      if (parsed.success) list.push({ contact_id: c.id, waiting_hours: parsed.data });
      else found[c.id] = parsed.error.issues[0]?.message ?? "Give the waiting period in hours";
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { permissions: list },
      {
        onSuccess: (result) => {
          dismissFormToast();
          const names = active.filter((c) => result.some((p) => p.contact_id === c.id)).map((c) => c.name);
          toast.success("Saved", {
            description:
              names.length === 0
                ? "No trusted contact may ask for this message."
                : `${listNames(names)} may ask for this message.`,
          });
        },
        onError: (error) => {
          // A field's refusal from the server (permissions.0.waiting_hours) goes under that contact's field.
          const fields = isApiError(error) ? error.fields : {};
          const placed: Record<string, string> = {};
          list.forEach((p, i) => {
            const message = fields[`permissions.${i}.waiting_hours`] ?? fields[`permissions.${i}.contact_id`];
            if (message) placed[p.contact_id] = message;
          });
          if (Object.keys(placed).length > 0) setErrors(placed);
          else toastError(error);
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ul aria-label={TITLE} className="flex flex-col gap-2">
        {active.map((c) => {
          const row = rowOf(c.id);
          const days = hoursAsDays(Number(row.hours));
          const error = errors[c.id];
          const hoursId = `${ids}-${c.id}-hours`;
          const hintId = `${hoursId}-hint`;
          const errorId = `${hoursId}-error`;
          return (
            <li
              key={c.id}
              className={cn(
                "flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-start sm:justify-between",
                row.checked && "border-primary bg-secondary/60",
              )}
            >
              <label className="flex min-w-0 cursor-pointer items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={row.checked}
                  onChange={(event) => update(c.id, { checked: event.target.checked })}
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium break-words">{c.name}</span>
                  {!row.checked && waitingOf(c.id) && (
                    <span className="text-xs font-medium text-destructive">
                      Saving denies their waiting request for this message.
                    </span>
                  )}
                </span>
              </label>
              {row.checked && (
                <div className="flex flex-col gap-1 sm:items-end">
                  <label htmlFor={hoursId} className="text-sm font-medium">
                    Waiting period (hours)
                  </label>
                  <Input
                    id={hoursId}
                    className="w-28"
                    type="number"
                    inputMode="numeric"
                    min={ACCESS_WAITING_HOURS.min}
                    max={ACCESS_WAITING_HOURS.max}
                    step={1}
                    value={row.hours}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
                    onChange={(event) => update(c.id, { hours: event.target.value })}
                  />
                  <p id={hintId} className="text-xs text-muted-foreground">
                    {days ? `${days}. ` : ""}
                    {ACCESS_WAITING_HOURS.min} to {ACCESS_WAITING_HOURS.max} hours ({ACCESS_WAITING_HOURS.max / 24}{" "}
                    days). Default {ACCESS_WAITING_HOURS.default}.
                  </p>
                  {error && (
                    <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                      {error}
                    </p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        Off unless you tick someone. You are alerted by e-mail with a Deny button, on WhatsApp or SMS too where your
        reminders go, and on your dashboard. They never see this message's title or content before it is sent to them.{" "}
        <Link to={paths.trustedContacts} className="font-medium text-primary underline-offset-4 hover:underline">
          Your trusted contacts
        </Link>
      </p>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <Spinner className="text-primary-foreground" />}
          Save
        </Button>
      </div>
    </form>
  );
}
