import { zodResolver } from "@hookform/resolvers/zod";
import {
  conditionConfirmationInputSchema,
  validateConfirmationSettings,
  type ConditionConfirmation,
  type ConditionConfirmationInput,
  type ConfirmationSettings,
  type DeliveryChannel,
  type TrustedContact,
} from "@trigger-switch/contracts";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { dismissFormToast } from "@/lib/error-toast";
import { showServerErrors } from "@/lib/form-errors";
import { cn } from "@/lib/utils";
import type { useSaveConditionConfirmation } from "../api/condition-confirmation";
import { orList } from "../utils/contact-channels";
import { FORM_LIMITS, invitationLapsed, isLive } from "../utils/owner-words";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIELDS = ["window_hours", "hold_days", "max_holds_in_a_row", "release_answers_needed", "contact_ids"] as const;
const FIELD_OF: Record<keyof ConfirmationSettings, (typeof FIELDS)[number]> = {
  windowMs: "window_hours",
  holdMs: "hold_days",
  maxHoldsInARow: "max_holds_in_a_row",
  releaseAnswersNeeded: "release_answers_needed",
};

/** The server's rules, run here first (the same contracts function, in the same words): bounds, and someone to ask. */
const formSchema = conditionConfirmationInputSchema.superRefine((input, ctx) => {
  const settings: ConfirmationSettings = {
    windowMs: input.window_hours * HOUR,
    holdMs: input.hold_days * DAY,
    maxHoldsInARow: input.max_holds_in_a_row,
    releaseAnswersNeeded: input.release_answers_needed,
  };
  for (const problem of validateConfirmationSettings(settings, new Set(input.contact_ids).size))
    ctx.addIssue({ code: "custom", path: [FIELD_OF[problem.field]], message: problem.message });
  if (input.contact_ids.length === 0)
    ctx.addIssue({ code: "custom", path: ["contact_ids"], message: "Choose at least one of your trusted contacts" });
});

export interface ConfirmationFormProps {
  saved: ConditionConfirmation;
  /** The owner's contacts (any state): the invited and active ones can be chosen. */
  contacts: TrustedContact[];
  now: Date;
  save: ReturnType<typeof useSaveConditionConfirmation>;
  onCancel: () => void;
  onSaved: (saved: ConditionConfirmation) => void;
}

/** Which contacts to ask and the four settings, each with one line on what it does and its default. */
export function ConfirmationForm({ saved, contacts, now, save, onCancel, onSaved }: ConfirmationFormProps) {
  const choosable = contacts.filter(isLive);
  // Each is asked on the channel they were invited on.
  const invitedOn = (["email", "sms", "whatsapp"] as const).filter((ch) => choosable.some((c) => c.channel === ch));
  const askedBy: DeliveryChannel[] = invitedOn.length > 0 ? invitedOn : ["email"];
  const contactsId = useId();
  const form = useForm<ConditionConfirmationInput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      enabled: true,
      window_hours: saved.window_hours,
      hold_days: saved.hold_days,
      max_holds_in_a_row: saved.max_holds_in_a_row,
      release_answers_needed: saved.release_answers_needed,
      // Those chosen before who can still be chosen; the first time, everyone who accepted.
      contact_ids: saved.enabled
        ? saved.contact_ids.filter((id) => choosable.some((c) => c.id === id))
        : choosable.filter((c) => c.state === "active").map((c) => c.id),
    },
  });
  const { errors } = form.formState;
  const chosen = useWatch({ control: form.control, name: "contact_ids" });
  const toggle = (id: string) =>
    form.setValue("contact_ids", chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id], {
      shouldValidate: form.formState.isSubmitted,
    });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync(values);
      dismissFormToast();
      onSaved(result);
    } catch (error) {
      showServerErrors(form, error, FIELDS);
    }
  });

  if (choosable.length === 0)
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-dashed p-3 text-sm">
        <p>
          You have no trusted contacts to ask yet.{" "}
          <Link to={paths.trustedContacts} className="font-medium text-primary underline-offset-4 hover:underline">
            Invite someone on the Trusted contacts page
          </Link>
          , then come back to turn this on.
        </p>
        <div className="flex justify-end">
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );

  const number = (name: Exclude<(typeof FIELDS)[number], "contact_ids">) =>
    form.register(name, { valueAsNumber: true });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      className="flex flex-col gap-4"
    >
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.contact_ids ? `${contactsId}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Who to ask</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {choosable.map((contact) => {
            const checked = chosen.includes(contact.id);
            return (
              <li key={contact.id}>
                <label
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-2.5 transition-colors hover:bg-accent",
                    checked && "border-primary bg-secondary/60",
                  )}
                >
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    checked={checked}
                    onChange={() => toggle(contact.id)}
                  />
                  <span className="flex min-w-0 flex-col text-sm">
                    <span className="font-medium break-words">{contact.name}</span>
                    {contact.state === "invited" && (
                      <span className="text-xs text-muted-foreground">
                        {invitationLapsed(contact, now)
                          ? "Invitation lapsed: asked only if invited again and they accept"
                          : "Not accepted yet: asked only once they accept"}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-muted-foreground">
          They are asked by {orList(askedBy)}
          {askedBy.length > 1 && ", each the way they were invited"}.{" "}
          <Link to={paths.trustedContacts} className="font-medium text-primary underline-offset-4 hover:underline">
            Your trusted contacts
          </Link>
        </p>
        {errors.contact_ids?.message && (
          <p id={`${contactsId}-error`} role="alert" className="text-sm font-medium text-destructive">
            {errors.contact_ids.message}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Time to answer (hours)"
          hint={`How long they have to answer: ${FORM_LIMITS.window_hours.min} to ${FORM_LIMITS.window_hours.max} hours (14 days). Default 48.`}
          error={errors.window_hours?.message}
        >
          <Input
            className="w-28"
            type="number"
            inputMode="numeric"
            min={FORM_LIMITS.window_hours.min}
            max={FORM_LIMITS.window_hours.max}
            {...number("window_hours")}
          />
        </FormField>
        <FormField
          label="Hold period (days)"
          hint={`How far one “They're OK” moves your deadline: ${FORM_LIMITS.hold_days.min} to ${FORM_LIMITS.hold_days.max} days. Default 7.`}
          error={errors.hold_days?.message}
        >
          <Input
            className="w-28"
            type="number"
            inputMode="numeric"
            min={FORM_LIMITS.hold_days.min}
            max={FORM_LIMITS.hold_days.max}
            {...number("hold_days")}
          />
        </FormField>
        <FormField
          label="Holds in a row"
          hint={`Holds allowed until you check in; after the last, it goes out without asking. ${FORM_LIMITS.max_holds_in_a_row.min} to ${FORM_LIMITS.max_holds_in_a_row.max}. Default 3.`}
          error={errors.max_holds_in_a_row?.message}
        >
          <Input
            className="w-28"
            type="number"
            inputMode="numeric"
            min={FORM_LIMITS.max_holds_in_a_row.min}
            max={FORM_LIMITS.max_holds_in_a_row.max}
            {...number("max_holds_in_a_row")}
          />
        </FormField>
        <FormField
          label="Release answers needed"
          hint="“I can't reach them” answers that send it at once: 1 to the number chosen. Default 1."
          error={errors.release_answers_needed?.message}
        >
          <Input
            className="w-28"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, chosen.length)}
            {...number("release_answers_needed")}
          />
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">
        If nobody answers in time, it goes out. The emergency button never waits for anyone.
      </p>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <Spinner className="text-primary-foreground" />}
          Save
        </Button>
      </div>
    </form>
  );
}
