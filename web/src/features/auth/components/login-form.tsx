import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { describeAuthError } from "@/lib/error-toast";
import { useServices } from "@/lib/services";
import { loginSchema, type LoginValues } from "../schemas";
import { FormError } from "./form-error";
import { ResendConfirmation } from "./resend-confirmation";

/**
 * E-mail and password. Where to go next is the page's business: it follows the session (and
 * asks for the authenticator code first on an account that has one).
 */
export function LoginForm() {
  const { auth } = useServices();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setUnconfirmed(null);
    const { error } = await auth.signInWithPassword(values);
    if (error) {
      form.setError("root", { message: describeAuthError(error) });
      if (error.code === "email_not_confirmed") setUnconfirmed(values.email);
    }
  });

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError message={errors.root?.message} />
      {unconfirmed && <ResendConfirmation email={unconfirmed} />}
      <FormField label="E-mail" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <div className="-mt-2 text-right text-sm">
        <Link to={paths.forgotPassword} className="text-primary hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="text-primary-foreground" />}
        Sign in
      </Button>
    </Form>
  );
}
