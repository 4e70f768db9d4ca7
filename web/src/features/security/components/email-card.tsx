import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { EmailAddress } from "@/components/email-address";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { FormError } from "@/features/auth";
import { useAuth } from "@/lib/auth/auth-context";
import { useServices } from "@/lib/services";
import { toast } from "@/lib/toast";

const schema = z.object({ email: z.email("Enter a valid e-mail address") });

/** Change the sign-in address: it changes once the link sent to the new address is opened; the old one is told. */
export function EmailCard() {
  const { user } = useAuth();
  const { auth } = useServices();
  const form = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const pending = user?.new_email;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const { error } = await auth.updateUser(
      { email },
      { emailRedirectTo: `${window.location.origin}${paths.profile}` },
    );
    if (error) {
      if (error.code === "email_exists")
        form.setError("email", { message: "Another account already uses this address" });
      else form.setError("root", { message: error.message });
      return;
    }
    form.reset();
    toast.success("Check your new inbox", {
      description: `We sent a link to ${email}. Your address changes when you open it; we told ${user?.email ?? "your current address"} too.`,
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail address</CardTitle>
        <CardDescription>
          You sign in and receive reminders at{" "}
          <span className="font-medium text-foreground">{user?.email && <EmailAddress email={user.email} />}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {pending && (
          <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            Waiting for you to open the link we sent to{" "}
            <span className="font-medium">
              <EmailAddress email={pending} />
            </span>
            . Until then, nothing changes.
          </p>
        )}
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormError message={errors.root?.message} />
          <FormField label="New e-mail address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </FormField>
          <Button type="submit" variant="outline" className="self-start" disabled={isSubmitting}>
            {isSubmitting && <Spinner />}
            Send confirmation link
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
