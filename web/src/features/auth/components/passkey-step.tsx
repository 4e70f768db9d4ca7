import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/hooks/use-hydrated";
import type { AuthClientLike } from "@/lib/auth/auth-client";
import { describePasskeyError, supportsPasskeys } from "@/lib/auth/passkeys";
import { useServices } from "@/lib/services";
import { FormError } from "./form-error";

/**
 * auth-js hints browsers towards a USB security key by default; a passkey lives as often on the
 * phone or computer itself, so every kind is hinted. Only `hints` is overridden (the challenge
 * and the allowed passkey stay the server's).
 */
type RequestOverrides = Parameters<AuthClientLike["mfa"]["webauthn"]["authenticate"]>[1];
const ANY_AUTHENTICATOR = { hints: ["client-device", "hybrid", "security-key"] } as unknown as RequestOverrides;

/**
 * The second step with a passkey (auth-js `mfa.webauthn.authenticate`): a right answer raises the
 * session to aal2, auth-js announces MFA_CHALLENGE_VERIFIED and the sign-in page moves on.
 */
export function PasskeyStep({ passkeys }: { passkeys: { id: string; name: string }[] }) {
  const { auth } = useServices();
  const supported = useHydrated() && supportsPasskeys();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const use = async (factorId: string) => {
    setPending(factorId);
    setError(null);
    const { error: failed } = await auth.mfa.webauthn.authenticate({ factorId }, ANY_AUTHENTICATOR);
    setPending(null);
    if (failed) setError(describePasskeyError(failed));
  };

  if (!supported)
    return (
      <p className="text-sm text-muted-foreground">
        This browser cannot use your passkey. Use a code or a recovery code instead, or open this page in a browser that
        can.
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <FormError message={error ?? undefined} />
      {passkeys.map((p) => (
        <Button key={p.id} type="button" size="lg" disabled={pending !== null} onClick={() => void use(p.id)}>
          {pending === p.id && <Spinner className="text-primary-foreground" />}
          {passkeys.length > 1 ? `Use passkey “${p.name}”` : "Use your passkey"}
        </Button>
      ))}
    </div>
  );
}
