import { useEffect, useState } from "react";
import { paths } from "@/config/paths";
import { useServices } from "@/lib/services";
import { resendOutcome, type ResendOutcome } from "../utils/resend-outcome";

export type ResendState = { kind: "idle" } | { kind: "sending"; email: string } | (ResendOutcome & { email: string });

/**
 * POST /auth/v1/resend (type signup) and what became of it. After the server's one-a-minute wait
 * the state goes back to idle, so the button is offered again.
 */
export function useResendConfirmation() {
  const { auth } = useServices();
  const [state, setState] = useState<ResendState>({ kind: "idle" });

  const waitMs = state.kind === "wait" ? state.seconds * 1000 : null;
  useEffect(() => {
    if (waitMs === null) return;
    const timer = setTimeout(() => setState({ kind: "idle" }), waitMs);
    return () => clearTimeout(timer);
  }, [waitMs]);

  const resend = async (email: string) => {
    setState({ kind: "sending", email });
    const { error } = await auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: `${window.location.origin}${paths.login}` },
    });
    setState({ ...resendOutcome(error), email });
  };
  return { state, resend };
}
