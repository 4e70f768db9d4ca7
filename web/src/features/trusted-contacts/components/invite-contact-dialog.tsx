import { zodResolver } from "@hookform/resolvers/zod";
import { trustedContactInviteSchema, type TrustedContact } from "@trigger-switch/contracts";
import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { showServerErrors } from "@/lib/form-errors";
import { useInviteTrustedContact } from "../api/trusted-contacts";

type FormInput = z.input<typeof trustedContactInviteSchema>;
type FormOutput = z.output<typeof trustedContactInviteSchema>;
const FIELDS = ["name", "address"] as const;

export interface InviteContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (contact: TrustedContact) => void;
}

/**
 * Name and e-mail address of someone to ask before a release; the server e-mails the invitation.
 * Only e-mail so far: the server refuses WhatsApp and SMS invitations, so none is offered.
 */
export function InviteContactDialog({ open, onOpenChange, onInvited }: InviteContactDialogProps) {
  const { profile } = useAuth();
  const firstName = profile?.first_name?.trim();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Invite a trusted contact</DialogTitle>
        <DialogDescription>
          We e-mail them an invitation that names you{firstName ? ` as ${firstName}` : " by your first name"} and says
          what being a trusted contact means, nothing about your messages. They need no account. Invitations by WhatsApp
          or SMS are not available yet.
        </DialogDescription>
        {open && <InviteContactForm onCancel={() => onOpenChange(false)} onInvited={onInvited} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteContactForm({
  onCancel,
  onInvited,
}: {
  onCancel: () => void;
  onInvited: InviteContactDialogProps["onInvited"];
}) {
  const invite = useInviteTrustedContact();
  // A refusal that is about no field of this form (the limit, a missing first name): said above the
  // buttons; the server names `first_name` when the profile lacks it (the only thing a contact is told of them).
  const [problem, setProblem] = useState<{ message: string; needsFirstName: boolean } | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(trustedContactInviteSchema),
    defaultValues: { name: "", channel: "email", address: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      onInvited(await invite.mutateAsync(values));
    } catch (error) {
      const aboutNoField = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;
      if (aboutNoField && FIELDS.every((name) => !error.fields[name]))
        setProblem({ message: error.message, needsFirstName: Boolean(error.fields.first_name) });
      else showServerErrors(form, error, FIELDS);
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
      <FormField label="E-mail address" error={errors.address?.message}>
        <Input type="email" autoComplete="off" {...form.register("address")} />
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
