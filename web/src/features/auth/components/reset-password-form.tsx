import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useServices } from "@/lib/services";
import { usePasswordMinLength } from "../api/get-auth-settings";
import { newPasswordSchemaFor, type NewPasswordValues } from "../schemas";
import { FormError } from "./form-error";

/** Needs the recovery session from the e-mail link; the page checks that before showing it. */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const { auth } = useServices();
  const minLength = usePasswordMinLength();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchemaFor(minLength)),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const { error } = await auth.updateUser({ password });
    if (error) {
      form.setError("root", { message: error.message });
      return;
    }
    onDone();
  });

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError message={errors.root?.message} />
      <FormField label="New password" hint={`At least ${minLength} characters.`} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="text-primary-foreground" />}
        Set new password
      </Button>
    </Form>
  );
}
