import { zodResolver } from "@hookform/resolvers/zod";
import { newPasswordField } from "@trigger-switch/contracts";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { FormError, usePasswordMinLength } from "@/features/auth";
import { useServices } from "@/lib/services";
import { toast } from "@/lib/toast";
import { useRefreshSecurity } from "../api/factors";

const schemaFor = (minLength: number) =>
  z
    .object({
      current: z.string().min(1, "Enter your current password"),
      password: newPasswordField(minLength),
      confirm: z.string(),
    })
    .refine((v) => v.password === v.confirm, { message: "The passwords do not match", path: ["confirm"] });
type Values = z.infer<ReturnType<typeof schemaFor>>;

/** Change the password: the current one confirms it; every other session is signed out (decision 001). */
export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { auth } = useServices();
  const refresh = useRefreshSecurity();
  const minLength = usePasswordMinLength();
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(minLength)),
    defaultValues: { current: "", password: "", confirm: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ current, password }) => {
    const { error } = await auth.updateUser({ password, current_password: current });
    if (error) {
      if (error.code === "current_password_mismatch")
        form.setError("current", { message: "This is not your current password" });
      else if (error.code === "same_password")
        form.setError("password", { message: "Choose a password different from the current one" });
      else form.setError("root", { message: error.message });
      return;
    }
    form.reset();
    refresh();
    toast.success("Password changed", {
      description: "Every other device was signed out. We sent you an e-mail about the change.",
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          {hasPassword
            ? "Changing it signs you out everywhere else."
            : "You sign in with a provider. To also sign in with a password, use “Forgot your password?” on the sign-in page."}
        </CardDescription>
      </CardHeader>
      {hasPassword && (
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <FormError message={errors.root?.message} />
            <FormField label="Current password" error={errors.current?.message}>
              <Input type="password" autoComplete="current-password" {...form.register("current")} />
            </FormField>
            <FormField label="New password" hint={`At least ${minLength} characters.`} error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" {...form.register("password")} />
            </FormField>
            <FormField label="Confirm new password" error={errors.confirm?.message}>
              <Input type="password" autoComplete="new-password" {...form.register("confirm")} />
            </FormField>
            <Button type="submit" className="self-start" disabled={isSubmitting}>
              {isSubmitting && <Spinner className="text-primary-foreground" />}
              Change password
            </Button>
          </form>
        </CardContent>
      )}
    </Card>
  );
}
