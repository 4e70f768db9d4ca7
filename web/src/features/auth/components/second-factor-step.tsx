import { useRef, useState } from "react";
import { sessionTokensSchema } from "@trigger-switch/contracts";
import { CodeEntryForm } from "@/components/code-entry-form";
import { EmailAddress } from "@/components/email-address";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { authRequest } from "@/lib/auth/auth-api";
import { codeStepIntro } from "../utils/code-step-intro";
import { factorLabel } from "../utils/factor-label";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi, useServices } from "@/lib/services";
import { useAuthSettings } from "../api/get-auth-settings";
import {
  describeVerifyError,
  initialState,
  step,
  type SecondFactorEvent,
  type SecondFactorState,
} from "../utils/second-factor-machine";
import { FormError } from "./form-error";
import { PasskeyStep } from "./passkey-step";

type Channel = "sms" | "whatsapp";
const CHANNEL_NAMES: Record<Channel, string> = { sms: "SMS", whatsapp: "WhatsApp" };

/**
 * After the password (or a provider, or an e-mailed link), an account with a second factor asks
 * for it here (the guard sends every authenticated page to sign-in until then): its passkey, the
 * authenticator app's code, or one sent to the phone, or a recovery code. A right code raises the session to aal2; auth-js announces
 * MFA_CHALLENGE_VERIFIED (or SIGNED_IN, for a recovery code) and the page moves on by itself.
 */
export function SecondFactorStep() {
  const { secondFactor, signOut } = useAuth();
  const [recovering, setRecovering] = useState(false);
  if (recovering) return <RecoveryCodeStep email={secondFactor?.email ?? ""} onBack={() => setRecovering(false)} />;
  const factors = secondFactor?.factors ?? [];
  const passkeys = factors.filter((f) => f.factor_type === "webauthn").map((f) => ({ id: f.id, name: factorLabel(f) }));
  const hasCodes = factors.some((f) => f.factor_type !== "webauthn");
  if (passkeys.length === 0) return <FactorCodeStep onRecover={() => setRecovering(true)} />;
  const intro = codeStepIntro(secondFactor?.openedBy ?? null);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        {intro.lead && `${intro.lead} `}Now confirm it is you with your passkey for{" "}
        <span className="font-medium text-foreground">
          {secondFactor?.email && <EmailAddress email={secondFactor.email} />}
        </span>
        .
      </p>
      <PasskeyStep passkeys={passkeys} />
      {hasCodes ? (
        <FactorCodeStep onRecover={() => setRecovering(true)} afterPasskey />
      ) : (
        <div className="flex flex-wrap gap-x-6">
          <Button type="button" variant="link" className="self-start px-0" onClick={() => setRecovering(true)}>
            Lost your passkey? Use a recovery code
          </Button>
          <Button type="button" variant="link" className="self-start px-0" onClick={() => void signOut()}>
            Use another account
          </Button>
        </div>
      )}
    </div>
  );
}

/** `afterPasskey`: shown below the passkey button, so it offers the code as the other way, without repeating the lead. */
function FactorCodeStep({ onRecover, afterPasskey = false }: { onRecover: () => void; afterPasskey?: boolean }) {
  const { secondFactor, signOut } = useAuth();
  const { auth } = useServices();
  const phoneChannels = useAuthSettings().data?.phoneChannels ?? [];
  // Passkeys have their own button (PasskeyStep); this step is for factors that send or show a code.
  const factors = (secondFactor?.factors ?? [])
    .filter((f) => f.factor_type !== "webauthn")
    .map((f) => ({
      id: f.id,
      name: factorLabel(f),
      type: f.factor_type,
      phone: (f as { phone?: string }).phone,
    }));
  const [state, setState] = useState<SecondFactorState>(() => initialState(factors));
  const [code, setCode] = useState("");
  // A phone factor's code answers the challenge that sent it (not a new one, as challengeAndVerify would make).
  const [sent, setSent] = useState<{ factorId: string; challengeId: string; channel: Channel } | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const sentRef = useRef(sent);
  const stateRef = useRef(state);
  const requestIds = useRef(0);

  const dispatch = (event: SecondFactorEvent) => {
    const next = step(stateRef.current, event);
    stateRef.current = next.state;
    setState(next.state);
    for (const effect of next.effects) {
      const challenge = sentRef.current?.factorId === effect.factorId ? sentRef.current : null;
      const isPhone = factors.find((f) => f.id === effect.factorId)?.type === "phone";
      if (isPhone && !challenge) {
        dispatch({ type: "failed", requestId: effect.requestId, message: "Send the code to your phone first." });
        continue;
      }
      const verify = challenge
        ? auth.mfa.verify({ factorId: effect.factorId, challengeId: challenge.challengeId, code: effect.code })
        : auth.mfa.challengeAndVerify({ factorId: effect.factorId, code: effect.code });
      void verify.then(
        ({ error }) =>
          dispatch(
            error
              ? {
                  type: "failed",
                  requestId: effect.requestId,
                  message:
                    isPhone && error.code === "mfa_verification_failed"
                      ? "That code is not right. Enter the code from the newest message."
                      : describeVerifyError(error),
                }
              : { type: "verified", requestId: effect.requestId },
          ),
        () => dispatch({ type: "failed", requestId: effect.requestId, message: describeVerifyError(null) }),
      );
    }
    if (next.state.kind === "entering" && next.state.error) setCode("");
  };

  const chosen = factors.find((f) => state.kind !== "done" && f.id === state.factorId) ?? factors[0];
  const sendCode = async (channel: Channel) => {
    if (!chosen) return;
    setSending(true);
    setSendError(null);
    const { data, error } = await auth.mfa.challenge({ factorId: chosen.id, channel });
    setSending(false);
    if (error || !data) setSendError(error?.message ?? "The code could not be sent. Please try again.");
    else {
      sentRef.current = { factorId: chosen.id, challengeId: data.id, channel };
      setSent(sentRef.current);
    }
  };

  const intro = codeStepIntro(secondFactor?.openedBy ?? null);
  const checking = state.kind === "checking" || state.kind === "done";
  const phone = chosen?.type === "phone";
  const sentHere = phone && sent?.factorId === chosen.id ? sent : null;
  return (
    <CodeEntryForm
      className="gap-5"
      label={phone ? "Code from the message" : "Code from your authenticator app"}
      hint={phone ? undefined : "A new code appears every 30 seconds."}
      code={code}
      onCodeChange={setCode}
      onSubmit={(typed) => dispatch({ type: "submit", code: typed, requestId: ++requestIds.current })}
      submitLabel="Verify and sign in"
      checking={checking}
      size="lg"
      autoFocus
      footer={
        <div className="flex flex-wrap gap-x-6">
          <Button type="button" variant="link" className="self-start px-0" onClick={onRecover}>
            Lost your phone or app? Use a recovery code
          </Button>
          <Button type="button" variant="link" className="self-start px-0" onClick={() => void signOut()}>
            Use another account
          </Button>
        </div>
      }
    >
      <p className="text-sm text-muted-foreground">
        {!afterPasskey && intro.lead && `${intro.lead} `}
        {afterPasskey ? "Or enter" : intro.ask} the 6-digit code{" "}
        {phone ? "we send to your phone" : "your authenticator app shows"} for{" "}
        <span className="font-medium text-foreground">
          {secondFactor?.email && <EmailAddress email={secondFactor.email} />}
        </span>
        .
      </p>
      <FormError message={sendError ?? (state.kind === "entering" ? (state.error ?? undefined) : undefined)} />
      {factors.length > 1 && state.kind === "entering" && (
        <FormField label="Second factor">
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
      {phone && (
        <div className="flex flex-col gap-2">
          {sentHere && (
            <p role="status" className="text-sm">
              Code sent by {CHANNEL_NAMES[sentHere.channel]} to {chosen.phone}. It works for 5 minutes.
            </p>
          )}
          {phoneChannels.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              This server can no longer send codes by message. Use another factor or a recovery code.
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {phoneChannels.map((channel) => (
                <Button
                  key={channel}
                  type="button"
                  variant="outline"
                  disabled={sending || checking}
                  onClick={() => void sendCode(channel)}
                >
                  {sending && <Spinner />}
                  {sentHere ? `Send again by ${CHANNEL_NAMES[channel]}` : `Send the code by ${CHANNEL_NAMES[channel]}`}
                </Button>
              ))}
            </div>
          )}
        </div>
      )}
    </CodeEntryForm>
  );
}

/** A recovery code in place of the factor's code; the raised session is handed to auth-js. */
function RecoveryCodeStep({ email, onBack }: { email: string; onBack: () => void }) {
  const api = useApi();
  const { auth } = useServices();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async () => {
    if (code.replace(/[\s-]/g, "").length !== 16)
      return setError("A recovery code has 16 letters and digits, like abcd-efgh-jkmn-pqrs.");
    setChecking(true);
    setError(null);
    try {
      const session = await authRequest(api, "POST", "/user/recovery-codes/verify", sessionTokensSchema, { code });
      const { error: sessionError } = await auth.setSession(session);
      if (sessionError) throw sessionError;
    } catch (err) {
      setChecking(false);
      setCode("");
      setError(err instanceof Error ? err.message : "The code could not be checked. Please try again.");
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-muted-foreground">
        Enter one of the recovery codes you saved for{" "}
        <span className="font-medium text-foreground">
          <EmailAddress email={email} />
        </span>
        . Each code works once; we will e-mail you that it was used.
      </p>
      <FormError message={error ?? undefined} />
      <FormField label="Recovery code">
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          autoFocus
          className="font-mono text-lg"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={checking}>
        {checking && <Spinner className="text-primary-foreground" />}
        Sign in with the recovery code
      </Button>
      <Button type="button" variant="link" className="self-start px-0" onClick={onBack}>
        Back to the code from my phone or app
      </Button>
    </form>
  );
}
