import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useServices } from "@/lib/services";
import { useAuthSettings } from "../api/get-auth-settings";
import { FormError } from "./form-error";

/**
 * "Continue with …" for each OpenID provider the server has configured (/auth/v1/settings
 * `external`); nothing at all when none is, so no button promises a sign-in that is off.
 */
export function ProviderButtons() {
  const settings = useAuthSettings();
  const { oauth } = useServices();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const providers = settings.data?.providers ?? [];
  if (providers.length === 0 || !oauth) return null;

  const start = async (id: string) => {
    setPending(id);
    setError(null);
    const result = await oauth.start(id);
    // On success the browser is already on its way to the provider.
    if (result.error) {
      setPending(null);
      setError(result.error.message);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <FormError message={error ?? undefined} />
      {providers.map((p) => (
        <Button
          key={p.id}
          type="button"
          variant="outline"
          size="lg"
          disabled={pending !== null}
          onClick={() => void start(p.id)}
        >
          {pending === p.id && <Spinner />}
          Continue with {p.label}
        </Button>
      ))}
    </div>
  );
}
