import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";
import { useServices } from "@/lib/services";
import { describeVerifyError, initialState, step, type SecondFactorEvent, type SecondFactorState } from "../utils/second-factor-machine";
import { FormError } from "./form-error";

/**
 * After the password, an account with an authenticator app asks for its code here (the guard
 * sends every authenticated page to sign-in until then). A right code raises the session to
 * aal2; auth-js announces MFA_CHALLENGE_VERIFIED and the sign-in page moves on by itself.
 */
export function SecondFactorStep() {
  const { secondFactor, signOut } = useAuth();
  const { auth } = useServices();
  const factors = (secondFactor?.factors ?? []).map((f) => ({ id: f.id, name: f.friendly_name || "Authenticator app" }));
  const [state, setState] = useState<SecondFactorState>(() => initialState(factors));
  const [code, setCode] = useState("");
  const stateRef = useRef(state);
  const requestIds = useRef(0);

  const dispatch = (event: SecondFactorEvent) => {
    const next = step(stateRef.current, event);
    stateRef.current = next.state;
    setState(next.state);
    for (const effect of next.effects) {
      void auth.mfa.challengeAndVerify({ factorId: effect.factorId, code: effect.code }).then(
        ({ error }) => dispatch(error ? { type: "failed", requestId: effect.requestId, message: describeVerifyError(error) } : { type: "verified", requestId: effect.requestId }),
        () => dispatch({ type: "failed", requestId: effect.requestId, message: describeVerifyError(null) }),
      );
    }
    if (next.state.kind === "entering" && next.state.error) setCode("");
  };

  const checking = state.kind === "checking" || state.kind === "done";
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        dispatch({ type: "submit", code, requestId: ++requestIds.current });
      }}
    >
      <p className="text-sm text-muted-foreground">
        Your password was right. Now enter the 6-digit code your authenticator app shows for <span className="font-medium break-all text-foreground">{secondFactor?.email}</span>.
      </p>
      <FormError message={state.kind === "entering" ? (state.error ?? undefined) : undefined} />
      {factors.length > 1 && state.kind === "entering" && (
        <FormField label="Authenticator">
          <select
            className="flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm"
            value={state.factorId}
            onChange={(event) => dispatch({ type: "choose-factor", factorId: event.target.value })}
          >
            {factors.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label="Code from your authenticator app" hint="A new code appears every 30 seconds.">
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={9}
          autoFocus
          className="text-lg tracking-[0.3em]"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={checking}>
        {checking && <Spinner className="text-primary-foreground" />}
        Verify and sign in
      </Button>
      <Button type="button" variant="link" className="self-start px-0" onClick={() => void signOut()}>
        Use another account
      </Button>
    </form>
  );
}
