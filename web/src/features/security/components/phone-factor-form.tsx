import { normalizePhone } from "@trigger-switch/contracts";
import { useState } from "react";
import { CodeEntryForm } from "@/components/code-entry-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { describeVerifyError } from "@/features/auth";
import { useServices } from "@/lib/services";
import { toast } from "@/lib/toast";

type Channel = "sms" | "whatsapp";
const CHANNEL_NAMES: Record<Channel, string> = { sms: "SMS", whatsapp: "WhatsApp" };
const E164 = /^\+[1-9]\d{6,14}$/;

type State =
  | { kind: "idle"; error: string | null }
  | { kind: "sending" }
  | { kind: "entering"; factorId: string; challengeId: string; phone: string; channel: Channel; error: string | null }
  | { kind: "checking"; factorId: string; challengeId: string; phone: string; channel: Channel };

/**
 * Adding a phone as a second factor: the number, then the code sent to it by SMS or WhatsApp
 * (only the channels this server has). A cancelled enrolment is removed, so its name is free.
 */
export function PhoneFactorForm({ channels, onDone }: { channels: Channel[]; onDone: () => void }) {
  const { auth } = useServices();
  const [state, setState] = useState<State>({ kind: "idle", error: null });
  const [name, setName] = useState("My phone");
  const [number, setNumber] = useState("");
  const [channel, setChannel] = useState<Channel>(channels[0] ?? "sms");
  const [code, setCode] = useState("");

  /** Sends a code: the challenge it answers, or why it could not be sent. */
  const send = async (factorId: string, via: Channel): Promise<{ challengeId: string } | { problem: string }> => {
    const { data, error } = await auth.mfa.challenge({ factorId, channel: via });
    return error || !data
      ? { problem: error?.message ?? "The code could not be sent. Please try again." }
      : { challengeId: data.id };
  };

  const start = async () => {
    const phone = normalizePhone(number);
    if (!E164.test(phone))
      return setState({
        kind: "idle",
        error: "Enter the number in international format with the country code, e.g. +44 7700 900123",
      });
    if (name.trim() === "") return setState({ kind: "idle", error: "Give the phone a name, e.g. “My phone”." });
    setState({ kind: "sending" });
    const { data, error } = await auth.mfa.enroll({ factorType: "phone", friendlyName: name.trim(), phone });
    if (error || !data)
      return setState({ kind: "idle", error: error?.message ?? "Could not start. Please try again." });
    const sent = await send(data.id, channel);
    if ("problem" in sent) {
      void auth.mfa.unenroll({ factorId: data.id });
      return setState({ kind: "idle", error: sent.problem });
    }
    setCode("");
    setState({ kind: "entering", factorId: data.id, challengeId: sent.challengeId, phone, channel, error: null });
  };

  const resend = async (via: Channel) => {
    if (state.kind !== "entering") return;
    const sent = await send(state.factorId, via);
    if ("problem" in sent) return setState({ ...state, error: sent.problem });
    setState({ ...state, channel: via, challengeId: sent.challengeId, error: null });
    toast.success("Code sent", { description: `A new code is on its way by ${CHANNEL_NAMES[via]}.` });
  };

  const verify = async () => {
    if (state.kind !== "entering") return;
    const digits = code.replace(/[\s-]/g, "");
    if (!/^\d{6}$/.test(digits)) return setState({ ...state, error: "Enter the 6 digits of the code we sent." });
    setState({ ...state, kind: "checking" });
    // Not challengeAndVerify: that would send a new code; the one on the phone answers the newest challenge.
    const { error } = await auth.mfa.verify({ factorId: state.factorId, challengeId: state.challengeId, code: digits });
    if (error) {
      setCode("");
      const message =
        error.code === "mfa_verification_failed"
          ? "That code is not right. Enter the code from the newest message."
          : error.code === "mfa_challenge_expired"
            ? "That code has expired. Send a new one."
            : describeVerifyError(error);
      return setState({ ...state, error: message });
    }
    toast.success("Two-step sign-in is on", {
      description: `From now on, signing in asks for a code sent to ${state.phone}.`,
    });
    setState({ kind: "idle", error: null });
    setNumber("");
    setName("");
    onDone();
  };

  const cancel = () => {
    if (state.kind === "entering" || state.kind === "checking")
      void auth.mfa.unenroll({ factorId: state.factorId }).finally(onDone);
    setState({ kind: "idle", error: null });
  };

  if (state.kind === "entering" || state.kind === "checking") {
    const other = channels.find((c) => c !== state.channel);
    return (
      <CodeEntryForm
        aria-label="Add a phone"
        className="rounded-md border bg-muted/30 p-4"
        label="Code from the message"
        error={state.kind === "entering" ? (state.error ?? undefined) : undefined}
        code={code}
        onCodeChange={setCode}
        onSubmit={() => void verify()}
        submitLabel="Turn on two-step sign-in"
        checking={state.kind === "checking"}
        actions={
          <>
            <Button
              type="button"
              variant="outline"
              disabled={state.kind === "checking"}
              onClick={() => void resend(state.channel)}
            >
              Send again
            </Button>
            {other && (
              <Button
                type="button"
                variant="outline"
                disabled={state.kind === "checking"}
                onClick={() => void resend(other)}
              >
                Send by {CHANNEL_NAMES[other]}
              </Button>
            )}
            <Button type="button" variant="ghost" onClick={cancel}>
              Cancel
            </Button>
          </>
        }
      >
        <p className="text-sm">
          We sent a 6-digit code by {CHANNEL_NAMES[state.channel]} to <span className="font-medium">{state.phone}</span>
          . It works for 5 minutes.
        </p>
      </CodeEntryForm>
    );
  }

  return (
    <form
      noValidate
      aria-label="Add a phone"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name of the phone">
          <Input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <FormField
          label="Mobile number"
          hint="With the country code, e.g. +44 7700 900123"
          error={state.kind === "idle" ? (state.error ?? undefined) : undefined}
        >
          <Input value={number} type="tel" autoComplete="tel" onChange={(event) => setNumber(event.target.value)} />
        </FormField>
      </div>
      {channels.length > 1 && (
        <fieldset className="flex flex-wrap items-center gap-4 text-sm">
          <legend className="mb-1 font-medium">Send codes by</legend>
          {channels.map((c) => (
            <label key={c} className="flex items-center gap-2">
              <input
                type="radio"
                name="phone-channel"
                value={c}
                checked={channel === c}
                onChange={() => setChannel(c)}
              />
              {CHANNEL_NAMES[c]}
            </label>
          ))}
        </fieldset>
      )}
      <Button type="submit" variant="outline" className="self-start" disabled={state.kind === "sending"}>
        {state.kind === "sending" && <Spinner />}
        Add a phone
      </Button>
    </form>
  );
}
