import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import type { ChannelsInfo, OwnerChannels, PhoneChannel } from "@trigger-switch/contracts";
import { CheckCircle2, MessageSquareText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CodeEntryForm } from "@/components/code-entry-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format-date-time";
import { toast } from "@/lib/toast";
import { useRequestCode } from "../api/request-code";
import { useVerifyCode } from "../api/verify-code";
import {
  initialState,
  step,
  type VerificationEffect,
  type VerificationEvent,
  type VerificationState,
} from "../utils/verification-machine";

const NAMES: Record<PhoneChannel, string> = { whatsapp: "WhatsApp", sms: "SMS" };
const DELIVERY_WORDS = {
  sending: "On its way",
  sent: "Sent",
  delivered: "Delivered to your phone",
  read: "Read",
} as const;

/**
 * The profile's number: prove it with a code by WhatsApp or SMS, so it can check you in. The parent
 * keys it by the number and its proof, so a number saved or verified elsewhere starts it afresh.
 */
export function NumberVerification({ info, owner }: { info: ChannelsInfo; owner: OwnerChannels }) {
  const zone = useOwnerTimeZone();
  const [state, setState] = useState<VerificationState>(() => initialState(owner));
  const stateRef = useRef(state);
  const requestIds = useRef(0);
  const [code, setCode] = useState("");
  const requestCode = useRequestCode();
  const verifyCode = useVerifyCode();
  const available = (["whatsapp", "sms"] as const).filter((c) => info[c].available);

  function dispatch(event: VerificationEvent) {
    const next = step(stateRef.current, event);
    stateRef.current = next.state;
    setState(next.state);
    next.effects.forEach(run);
  }

  function run(effect: VerificationEffect) {
    const requestId = requestIds.current;
    if (effect.type === "send-code") {
      requestCode.mutate(effect.channel, {
        onSuccess: () => {
          setCode("");
          dispatch({ type: "sent", requestId });
        },
        onError: (error) =>
          dispatch({
            type: "send-failed",
            requestId,
            message: isApiError(error) ? error.message : "The code could not be sent. Try again.",
          }),
      });
    } else if (effect.type === "check-code") {
      verifyCode.mutate(effect.code, {
        onSuccess: () => dispatch({ type: "verified", requestId }),
        onError: (error) => {
          const message = isApiError(error)
            ? (error.fields.code ?? error.message)
            : "The code could not be checked. Try again.";
          // Expired, used up, or replaced: only a new code helps.
          const codeDead =
            isApiError(error) && (error.status === 409 || /expired|Too many wrong tries|last try/.test(message));
          dispatch({ type: "check-failed", requestId, message, codeDead });
        },
      });
    } else {
      toast.success("Number verified", { description: "Messages from it now check you in." });
    }
  }

  const send = (channel: PhoneChannel) => dispatch({ type: "send", channel, requestId: ++requestIds.current });
  const waitSeconds = useSecondsUntil(owner.resend_at);

  if (!owner.number) {
    return (
      <p className="text-sm text-muted-foreground">
        Save your WhatsApp number above first; the code goes to that number.
      </p>
    );
  }
  if (state.kind === "verified" && owner.verified) {
    return (
      <div className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="success">
            <CheckCircle2 aria-hidden="true" className="size-3.5" /> Verified
          </Badge>
          <span>
            {owner.number}, by {NAMES[owner.verified.via]} on {formatDateTime(new Date(owner.verified.at), zone)}.
          </span>
        </p>
        <CheckInInstructions info={info} />
      </div>
    );
  }
  if (available.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {owner.number} is not verified. Verifying needs WhatsApp or SMS, which are off on this server.
      </p>
    );
  }

  const pending = owner.pending;
  const busy = state.kind === "requesting" || state.kind === "checking";
  const sending = state.kind === "requesting" ? state.channel : null;
  const buttons = { channels: available, busy: busy || waitSeconds > 0, sending, onSend: send };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="warning">Not verified</Badge>
        <span>Prove that {owner.number} is yours before it can check you in.</span>
      </p>
      {(state.kind === "idle" || (state.kind === "requesting" && state.from === "idle")) && (
        <>
          {state.kind === "idle" && state.error && (
            <Alert variant="error" role="alert">
              {state.error}
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <SendButtons {...buttons} label={(name) => `Send a code by ${name}`} variant="default" />
          </div>
          {waitSeconds > 0 && (
            <p className="text-xs text-muted-foreground">You can ask for a new code in {waitSeconds} seconds.</p>
          )}
        </>
      )}
      {(state.kind === "entering" ||
        state.kind === "checking" ||
        (state.kind === "requesting" && state.from === "entering")) && (
        <CodeEntryForm
          label="Code"
          hint="The 6 digits from the message."
          error={state.kind === "entering" ? (state.error ?? undefined) : undefined}
          code={code}
          onCodeChange={setCode}
          onSubmit={(typed) => dispatch({ type: "submit", code: typed, requestId: ++requestIds.current })}
          submitLabel="Verify number"
          checking={state.kind === "checking"}
          submitDisabled={busy}
          actions={<SendButtons {...buttons} label={(name) => `New code by ${name}`} variant="outline" />}
          footer={
            waitSeconds > 0 && (
              <p className="text-xs text-muted-foreground">You can ask for a new code in {waitSeconds} seconds.</p>
            )
          }
        >
          {pending && (
            <p className="text-sm" role="status">
              We sent a 6-digit code by {NAMES[pending.channel]} to {owner.number}. It works until{" "}
              {formatDateTime(new Date(pending.expires_at), zone).split(", ")[1]}.{" "}
              <span
                className={pending.delivery === "failed" ? "font-semibold text-destructive" : "text-muted-foreground"}
              >
                {pending.delivery === "failed"
                  ? `It could not be delivered: ${pending.delivery_error ?? "the provider gave no reason"}.`
                  : `${DELIVERY_WORDS[pending.delivery]}.`}
              </span>
            </p>
          )}
        </CodeEntryForm>
      )}
    </div>
  );
}

function SendButtons({
  channels,
  busy,
  sending,
  onSend,
  label,
  variant,
}: {
  channels: PhoneChannel[];
  busy: boolean;
  sending: PhoneChannel | null;
  onSend: (c: PhoneChannel) => void;
  label: (name: string) => string;
  variant: "default" | "outline";
}) {
  return channels.map((channel) => (
    <Button key={channel} type="button" variant={variant} disabled={busy} onClick={() => onSend(channel)}>
      {sending === channel && <Spinner className={variant === "default" ? "text-primary-foreground" : undefined} />}
      {label(NAMES[channel])}
    </Button>
  ));
}

/** Whole seconds until `iso` (0 once passed, or for null), counting down once a second. */
function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000)) : 0;
}

/** What a verified number can do here, and where to write. */
function CheckInInstructions({ info }: { info: ChannelsInfo }) {
  const ways = [
    info.whatsapp.uses.check_in && "WhatsApp (reply to the message that brought your code)",
    info.sms.uses.check_in && (info.sms.from ? `SMS to ${info.sms.from}` : "SMS to this service's number"),
  ].filter(Boolean);
  if (ways.length === 0)
    return <p className="text-sm text-muted-foreground">Check-ins by message are off on this server.</p>;
  return (
    <Alert variant="info">
      <MessageSquareText aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p>
          Send any text by {ways.join(", or by ")} to check in. STATUS tells you your next deadline without checking in;
          HELP lists what the number does.
        </p>
      </div>
    </Alert>
  );
}
