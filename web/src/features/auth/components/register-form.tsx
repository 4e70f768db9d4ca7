import { zodResolver } from "@hookform/resolvers/zod";
import type { Session } from "@supabase/auth-js";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useServices } from "@/lib/services";
import { useServerMeta } from "../api/get-server-meta";
import { usePasswordMinLength } from "../api/get-auth-settings";
import { registerSchemaFor, type RegisterValues } from "../schemas";
import { FormError } from "./form-error";

export interface RegisterFormProps {
  /** Called with the session when the server confirms at once, else with null (check your e-mail). */
  onRegistered: (email: string, session: Session | null) => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { auth } = useServices();
  const minLength = usePasswordMinLength();
  const meta = useServerMeta();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchemaFor(minLength)),
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const { data, error } = await auth.signUp({
      email,
      password,
      options: { emailRedirectTo: `${window.location.origin}${paths.login}` },
    });
    if (error) {
      form.setError("root", { message: error.message });
      return;
    }
    // A server that confirms at once still answers sign-up with the user only (so sign-up cannot
    // tell who has an account, decision 017): the password signs in next.
    if (!data.session && meta.data?.autoconfirm) {
      const signedIn = await auth.signInWithPassword({ email, password });
      if (signedIn.error) {
        form.setError("root", {
          message: "This address may already have an account. Sign in, or reset your password if you forgot it.",
        });
        return;
      }
      onRegistered(email, signedIn.data.session);
      return;
    }
    onRegistered(email, data.session);
  });

  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormError message={errors.root?.message} />
      <FormField label="E-mail" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label="Password" hint={`At least ${minLength} characters.`} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting && <Spinner className="text-primary-foreground" />}
        Create account
      </Button>
    </Form>
  );
}
