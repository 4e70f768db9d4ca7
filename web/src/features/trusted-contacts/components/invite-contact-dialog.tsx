import { zodResolver } from "@hookform/resolvers/zod";
import {
  CHANNEL_LABELS,
  trustedContactInviteSchema,
  type DeliveryChannel,
  type TrustedContact,
} from "@trigger-switch/contracts";
import { CircleAlert } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useChannelsInfo } from "@/features/channels";
import { isApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { showServerErrors } from "@/lib/form-errors";
import { useInviteTrustedContact } from "../api/trusted-contacts";
import { contactPhoneChannels, orList } from "../utils/contact-channels";

type FormInput = z.input<typeof trustedContactInviteSchema>;
type FormOutput = z.output<typeof trustedContactInviteSchema>;

export interface InviteContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (contact: TrustedContact) => void;
}

/**
 * Name and address of someone to ask before a release, and the channel the server invites them on:
 * e-mail, or SMS or WhatsApp where this server reaches contacts by them. Only e-mail is offered
 * until the channels are known, as the server refuses a channel that is off.
 */
export function InviteContactDialog({ open, onOpenChange, onInvited }: InviteContactDialogProps) {
  const { profile } = useAuth();
  const firstName = profile?.first_name?.trim();
  const phoneChannels = contactPhoneChannels(useChannelsInfo().data);
  const channels: DeliveryChannel[] = ["email", ...phoneChannels];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Invite a trusted contact</DialogTitle>
        <DialogDescription>
          {phoneChannels.length > 0
            ? `We send them an invitation by ${orList(channels)}, as you choose,`
            : "We e-mail them an invitation"}{" "}
          that names you{firstName ? ` as ${firstName}` : " by your first name"} and says what being a trusted contact
          means, nothing about your messages.
          {phoneChannels.length > 0 && " Everything they are sent later comes the same way."} They need no account.
        </DialogDescription>
        {open && <InviteContactForm channels={channels} onCancel={() => onOpenChange(false)} onInvited={onInvited} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteContactForm({
  channels,
  onCancel,
  onInvited,
}: {
  /** What may be chosen, e-mail first; with e-mail alone there is no choice to show. */
  channels: DeliveryChannel[];
  onCancel: () => void;
  onInvited: InviteContactDialogProps["onInvited"];
}) {
  const channelId = useId();
  const choosing = channels.length > 1;
  // A `channel` refusal with no choice on screen is said above the buttons, as any other.
  const fields = choosing ? (["name", "channel", "address"] as const) : (["name", "address"] as const);
  const invite = useInviteTrustedContact();
  // A refusal that is about no field of this form (the limit, a missing first name): said above the
  // buttons; the server names `first_name` when the profile lacks it (the only thing a contact is told of them).
  const [problem, setProblem] = useState<{ message: string; needsFirstName: boolean } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(trustedContactInviteSchema),
    defaultValues: { name: "", channel: "email", address: "" },
  });
  const { errors } = form.formState;
  const channel = useWatch({ control: form.control, name: "channel" });
  const byPhone = channel !== "email";

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      onInvited(await invite.mutateAsync(values));
    } catch (error) {
      const aboutNoField = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;
      if (aboutNoField && fields.every((name) => !error.fields[name]))
        setProblem({ message: error.message, needsFirstName: Boolean(error.fields.first_name) });
      else showServerErrors(form, error, fields);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormField
        label="Name"
        hint="Only you see it, where Trigger Switch tells you about them."
        error={errors.name?.message}
      >
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      {choosing && (
        <fieldset
          className="flex min-w-0 flex-col gap-2"
          aria-describedby={errors.channel?.message ? `${channelId}-error` : undefined}
        >
          <legend className="mb-2 text-sm leading-none font-medium">Send the invitation by</legend>
          <div className="flex flex-wrap gap-2">
            {channels.map((c) => (
              <label
                key={c}
                className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  value={c}
                  className="size-4 accent-primary"
                  {...form.register("channel", {
                    // An e-mail address is no use as a number, nor the reverse, nor its error.
                    onChange: (event: { target: { value: string } }) => {
                      if ((event.target.value === "email") === byPhone) {
                        form.setValue("address", "");
                        form.clearErrors("address");
                      }
                    },
                  })}
                />
                {CHANNEL_LABELS[c]}
              </label>
            ))}
          </div>
          {errors.channel?.message && (
            <p id={`${channelId}-error`} role="alert" className="text-sm font-medium text-destructive">
              {errors.channel.message}
            </p>
          )}
        </fieldset>
      )}
      <FormField
        label={byPhone ? "Mobile number" : "E-mail address"}
        hint={byPhone ? "In international format with the country code, e.g. +44 7700 900123" : undefined}
        error={errors.address?.message}
      >
        {/* Not the owner's own address or number from autofill: this is someone else's. */}
        <Input
          type={byPhone ? "tel" : "email"}
          placeholder={byPhone ? "+44 7700 900123" : undefined}
          autoComplete="off"
          {...form.register("address")}
        />
      </FormField>
      {problem && (
        <Alert variant="error" role="alert">
          <CircleAlert aria-hidden="true" />
          <p>
            {problem.message}
            {problem.needsFirstName && (
              <>
                {" "}
                <Link to={paths.profile} className="font-medium text-primary underline-offset-4 hover:underline">
                  Open your profile
                </Link>
              </>
            )}
          </p>
        </Alert>
      )}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end gap-2 border-t bg-card px-6 py-4">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending && <Spinner className="text-primary-foreground" />}
          Send invitation
        </Button>
      </div>
    </form>
  );
}
