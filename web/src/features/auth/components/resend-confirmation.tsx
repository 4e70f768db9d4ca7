import { useState } from "react";
import { EmailAddress } from "@/components/email-address";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useServices } from "@/lib/services";

/**
 * "Email not confirmed" at sign-in is not a dead end: send the confirmation link again. Only
 * someone who typed the right password sees this (decision 001), so it may name the address.
 */
export function ResendConfirmation({ email }: { email: string }) {
  const { auth } = useServices();
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const [message, setMessage] = useState("");

  const resend = async () => {
    setState("sending");
    const { error } = await auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: `${window.location.origin}${paths.login}` },
    });
    if (error) {
      setState("failed");
      setMessage(error.message);
      return;
    }
    setState("sent");
  };

  if (state === "sent") {
    return (
      <p role="status" className="rounded-md border border-success/30 bg-success/10 p-3 text-sm">
        A new confirmation link is on its way to{" "}
        <span className="font-medium">
          <EmailAddress email={email} />
        </span>
        . Open the newest e-mail; we send at most one a minute.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
      <p>Your account is waiting for you to confirm your e-mail address. Lost the e-mail, or the link expired?</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={state === "sending"}
        onClick={() => void resend()}
      >
        {state === "sending" && <Spinner />}
        Send the confirmation e-mail again
      </Button>
      {state === "failed" && <p className="text-destructive">{message}</p>}
    </div>
  );
}
