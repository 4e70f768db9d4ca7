import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useServices } from "@/lib/services";
import { forgotPasswordSchema, type ForgotPasswordValues } from "../schemas";
import { MailboxHint } from "./mailbox-hint";
import { MailSentNote } from "./mail-sent-note";
import { FormError } from "./form-error";

/**
 * Never tells whether an account exists: every answer that could depend on it shows the same
 * confirmation. Only failures that say nothing about the address (rate limit, server or
 * network down) are shown, so the user knows to try again.
 */
export function ForgotPasswordForm() {
  const { auth } = useServices();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const { error } = await auth.resetPasswordForEmail(email, {
      redirectTo: `${window.location.origin}${paths.resetPassword}`,
    });
    const status = error?.status ?? 0;
    if (error && (status === 0 || status === 429 || status >= 500)) {
      form.setError("root", { message: error.message });
      return;
    }
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col gap-3 text-sm">
        <MailSentNote to={sentTo} what="a link to set a new password" ifAccount />
        <p className="text-muted-foreground">The link works once and for a limited time.</p>
        <MailboxHint />
      </div>
    );
  }

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError message={errors.root?.message} />
      <FormField label="E-mail" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="text-primary-foreground" />}
        Send reset link
      </Button>
    </Form>
  );
}
