import {
  CHECK_IN_CONDITION_TYPES,
  type Condition,
  type ConditionConfirmation,
  type TrustedContact,
} from "@trigger-switch/contracts";
import { Clock, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { paths } from "@/config/paths";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useConditionConfirmation, useSaveConditionConfirmation } from "../api/condition-confirmation";
import { useTrustedContacts } from "../api/trusted-contacts";
import { invitationLapsed, isLive, listNames, settingsSummary, stageSentence } from "../utils/owner-words";
import { ConfirmationForm } from "./confirmation-form";

export interface ConfirmationSectionProps {
  condition: Condition;
  now: Date;
  timeZone: string;
}

/**
 * "Ask trusted contacts first" on a saved timed condition (docs/decisions/041): off by default; on,
 * the contacts chosen are asked before it sends. The stage, when there is one, in a line. Nothing
 * for the emergency button, which never waits for anyone.
 */
export function ConfirmationSection(props: ConfirmationSectionProps) {
  if (!(CHECK_IN_CONDITION_TYPES as readonly string[]).includes(props.condition.condition_type)) return null;
  return <TimedConfirmationSection {...props} />;
}

function TimedConfirmationSection({ condition, now, timeZone }: ConfirmationSectionProps) {
  const confirmation = useConditionConfirmation(condition.id);
  const save = useSaveConditionConfirmation(condition.id);
  // null: showing what is saved; true/false: changing it to on/off, not saved yet.
  const [draft, setDraft] = useState<boolean | null>(null);
  const saved = confirmation.data;
  const contacts = useTrustedContacts({ enabled: draft === true || saved?.enabled === true });
  const switchId = useId();

  const toggle = (on: boolean) => {
    if (!saved) return;
    // Turning on opens the choices, turning off asks to save that; back to what is saved undoes the draft.
    setDraft(on === saved.enabled ? null : on);
  };
  const turnOff = () => {
    if (!saved) return;
    save.mutate(
      {
        enabled: false,
        window_hours: saved.window_hours,
        hold_days: saved.hold_days,
        max_holds_in_a_row: saved.max_holds_in_a_row,
        release_answers_needed: saved.release_answers_needed,
        contact_ids: [],
      },
      {
        onSuccess: () => {
          toast.success("Trusted contacts will not be asked", {
            description: "This condition sends the message without asking anyone first.",
          });
          setDraft(null);
        },
        // The mutation leaves errors to its callers (the form shows its own under the fields).
        onError: toastError,
      },
    );
  };

  const stage = saved ? stageSentence(saved, now, timeZone) : null;
  return (
    <section aria-label="Ask trusted contacts first" className="flex flex-col gap-2 border-t pt-3">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={switchId} className="flex items-center gap-2 text-sm font-medium">
          <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
          Ask trusted contacts first
        </label>
        <Switch
          id={switchId}
          checked={draft ?? saved?.enabled ?? false}
          disabled={!saved || save.isPending}
          onCheckedChange={toggle}
        />
      </div>
      {stage && (
        <p
          className={cn(
            "flex items-start gap-2 rounded-md px-3 py-2 text-sm",
            stage.tone === "warning" && "border border-warning/40 bg-warning/10",
            stage.tone === "info" && "border border-primary/25 bg-secondary",
            stage.tone === "neutral" && "bg-muted text-muted-foreground",
          )}
        >
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{stage.text}</span>
        </p>
      )}
      {confirmation.isPending ? (
        <div role="status" aria-label="Loading whether trusted contacts are asked first">
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : confirmation.isError ? (
        <p className="text-sm text-destructive">
          Whether your trusted contacts are asked first could not be loaded.{" "}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => void confirmation.refetch()}
          >
            Try again
          </button>
        </p>
      ) : draft === true ? (
        contacts.isPending ? (
          <div role="status" aria-label="Loading your trusted contacts">
            <Skeleton className="h-24" />
          </div>
        ) : contacts.isError ? (
          <p className="text-sm text-destructive">Your trusted contacts could not be loaded. Try again later.</p>
        ) : (
          <ConfirmationForm
            saved={confirmation.data}
            save={save}
            contacts={contacts.data}
            now={now}
            onCancel={() => setDraft(null)}
            onSaved={(result) => {
              const names = contacts.data.filter((c) => result.contact_ids.includes(c.id)).map((c) => c.name);
              toast.success("Trusted contacts will be asked first", {
                description: `Before this condition sends the message, ${listNames(names)} ${names.length === 1 ? "is" : "are"} asked.`,
              });
              setDraft(null);
            }}
          />
        )
      ) : draft === false ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            Once you save, your contacts are no longer asked: when its deadline comes, this condition sends the message
            without asking anyone.
          </p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button type="button" size="sm" disabled={save.isPending} onClick={turnOff}>
              {save.isPending && <Spinner className="text-primary-foreground" />}
              Save
            </Button>
          </div>
        </div>
      ) : confirmation.data.enabled ? (
        <SavedSummary saved={confirmation.data} contacts={contacts.data} now={now} onChange={() => setDraft(true)} />
      ) : (
        <p className="text-xs text-muted-foreground">
          Off: at its deadline the message goes out without anyone being asked. Turn it on to ask people you trust
          whether you are all right first.
        </p>
      )}
    </section>
  );
}

/** Who is asked and how, in two lines, with what would stop someone chosen from being asked. */
function SavedSummary({
  saved,
  contacts,
  now,
  onChange,
}: {
  saved: ConditionConfirmation;
  contacts: TrustedContact[] | undefined;
  now: Date;
  onChange: () => void;
}) {
  const chosen = contacts?.filter((c) => saved.contact_ids.includes(c.id)) ?? [];
  const live = chosen.filter(isLive);
  const active = live.filter((c) => c.state === "active");
  const waiting = live.filter((c) => c.state === "invited");
  const lapsed = waiting.filter((c) => invitationLapsed(c, now));
  const gone = chosen.filter((c) => !isLive(c));
  const notes: string[] = [];
  if (contacts) {
    if (live.length === 0)
      notes.push(
        "None of the contacts chosen here can be asked any more: when its deadline comes, it goes out without asking anyone. Choose someone else, or turn this off.",
      );
    else if (active.length === 0)
      notes.push(
        `${listNames(waiting.map((c) => c.name))} ${waiting.length === 1 ? "has" : "have"} not accepted yet, and only contacts who accepted are asked: if its deadline came now, it would go out without asking anyone.`,
      );
    else if (waiting.length > 0)
      notes.push(
        `${listNames(waiting.map((c) => c.name))} ${waiting.length === 1 ? "has" : "have"} not accepted yet: only contacts who accepted are asked.`,
      );
    for (const c of lapsed) notes.push(`${c.name}'s invitation lapsed: invite them again to have them asked.`);
    for (const c of gone)
      notes.push(`${c.name} ${c.state === "declined" ? "declined" : "stepped down"} and is not asked.`);
  }
  const warn = contacts !== undefined && active.length === 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm">
            {contacts
              ? live.length > 0
                ? `At its deadline, ${listNames(live.map((c) => c.name))} ${live.length === 1 ? "is" : "are"} asked first, instead of the message going out at once.`
                : "Nobody chosen here can still be asked."
              : `At its deadline, ${saved.contact_ids.length === 1 ? "1 trusted contact is" : `${saved.contact_ids.length} trusted contacts are`} asked first, instead of the message going out at once.`}
          </p>
          <p className="text-xs text-muted-foreground">{settingsSummary(saved)}</p>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={onChange}>
          Change
        </Button>
      </div>
      {notes.map((note) => (
        <p key={note} className={cn("text-xs", warn ? "font-medium text-destructive" : "text-muted-foreground")}>
          {note}
        </p>
      ))}
      {notes.length > 0 && (
        <Link
          to={paths.trustedContacts}
          className="text-xs font-medium text-primary underline-offset-4 hover:underline"
        >
          Your trusted contacts
        </Link>
      )}
    </div>
  );
}
