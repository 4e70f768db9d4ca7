import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/hooks/use-hydrated";
import { describePasskeyError, supportsPasskeys } from "@/lib/auth/passkeys";
import { useServices } from "@/lib/services";
import { FormError } from "./form-error";

/**
 * "Sign in with a passkey", no e-mail or password: the browser offers the passkeys it holds for
 * this site. Hidden where the browser cannot use passkeys. A passkey that checked its user is
 * both steps at once, so the session it opens needs no code after it; the page then moves on.
 */
export function PasskeySignIn() {
  const { auth } = useServices();
  // The prerendered page has the button, so the form does not move when the app starts; the rare
  // browser without passkeys loses it then.
  const supported = !useHydrated() || supportsPasskeys();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!supported) return null;

  const signIn = async () => {
    setPending(true);
    setError(null);
    const { error: failed } = await auth.signInWithPasskey();
    setPending(false);
    if (failed) setError(describePasskeyError(failed));
  };

  return (
    <div className="flex flex-col gap-3">
      <FormError message={error ?? undefined} />
      <Button type="button" variant="outline" size="lg" disabled={pending} onClick={() => void signIn()}>
        {pending && <Spinner />}
        Sign in with a passkey
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or with your password
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
