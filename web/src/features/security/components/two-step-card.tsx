import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { CodeEntryForm } from "@/components/code-entry-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { describeVerifyError, factorLabel, useAuthSettings } from "@/features/auth";
import { formatDateTime } from "@/lib/format-date-time";
import { useServices } from "@/lib/services";
import { toast } from "@/lib/toast";
import { useFactors, useRefreshSecurity } from "../api/factors";
import { IDLE, step, type EnrolEvent, type EnrolState } from "../utils/enrol-machine";
import { PhoneFactorForm } from "./phone-factor-form";

/** Two-step sign-in: the authenticator apps and phones on the account, adding one (QR code inline, or a code by SMS/WhatsApp), removing one. */
export function TwoStepCard() {
  const { auth } = useServices();
  const factors = useFactors();
  const settings = useAuthSettings();
  const phoneChannels = settings.data?.phoneChannels ?? [];
  const refresh = useRefreshSecurity();
  const [state, setState] = useState<EnrolState>(IDLE);
  const [name, setName] = useState("Authenticator app");
  const [code, setCode] = useState("");
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [removePending, setRemovePending] = useState(false);
  const stateRef = useRef(state);
  const ids = useRef(0);

  const dispatch = (event: EnrolEvent) => {
    const next = step(stateRef.current, event);
    stateRef.current = next.state;
    setState(next.state);
    for (const effect of next.effects) {
      if (effect.type === "enrol") {
        void auth.mfa
          .enroll({ factorType: "totp", friendlyName: effect.name, issuer: "Trigger Switch" })
          .then(({ data, error }) =>
            dispatch(
              error || !data
                ? {
                    type: "enrol-failed",
                    requestId: effect.requestId,
                    message: error?.message ?? "Could not start. Please try again.",
                  }
                : {
                    type: "enrolled",
                    requestId: effect.requestId,
                    enrolment: {
                      factorId: data.id,
                      qrCode: data.totp.qr_code,
                      secret: data.totp.secret,
                      uri: data.totp.uri,
                    },
                  },
            ),
          );
      } else if (effect.type === "verify") {
        void auth.mfa
          .challengeAndVerify({ factorId: effect.factorId, code: effect.code })
          .then(({ error }) =>
            dispatch(
              error
                ? { type: "verify-failed", requestId: effect.requestId, message: describeVerifyError(error) }
                : { type: "verified", requestId: effect.requestId },
            ),
          );
      } else if (effect.type === "forget") {
        void auth.mfa.unenroll({ factorId: effect.factorId }).finally(refresh);
      } else {
        toast.success("Two-step sign-in is on", {
          description: `From now on, signing in asks for a code from “${effect.name}”.`,
        });
        // The name is taken now; a second (spare) authenticator needs its own.
        setName("");
        refresh();
      }
    }
    if (next.state.kind === "scanning" && next.state.error) setCode("");
  };

  const remove = async () => {
    if (!removing) return;
    setRemovePending(true);
    const { error } = await auth.mfa.unenroll({ factorId: removing.id });
    setRemovePending(false);
    setRemoving(null);
    if (error) toast.error("Could not remove it", { description: error.message });
    else toast.success("Second factor removed", { description: `“${removing.name}” no longer works for signing in.` });
    refresh();
  };

  const verified = (factors.data ?? []).filter((f) => f.status === "verified");
  // Passkeys are listed, added and removed in their own card; here they only count as "on".
  const codeFactors = verified.filter((f) => f.factor_type !== "webauthn");
  const zone = useOwnerTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-step sign-in</CardTitle>
        <CardDescription>
          After your password, ask for a code from an authenticator app (such as Google Authenticator, Microsoft
          Authenticator or 1Password){phoneChannels.length > 0 ? " or sent to your phone" : ""}. Someone who learns your
          password still cannot get in.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {factors.isPending ? (
          <Skeleton className="h-10" />
        ) : verified.length === 0 ? (
          <p className="text-sm">
            <Badge variant="warning">Off</Badge> Your account is protected by your password only.
          </p>
        ) : codeFactors.length === 0 ? (
          <p className="text-sm">
            <Badge variant="success">On</Badge> After your password, your passkey confirms it is you. An app or phone
            added here is a second way in if you lose it.
          </p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border" aria-label="Second factors">
            {codeFactors.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{factorLabel(f)}</p>
                  <p className="text-xs text-muted-foreground">
                    {f.factor_type === "phone"
                      ? `Codes by message to ${(f as { phone?: string }).phone ?? "your phone"} · `
                      : "Authenticator app · "}
                    Added {formatDateTime(new Date(f.created_at), zone)}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setRemoving({ id: f.id, name: factorLabel(f) })}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}

        {(state.kind === "idle" || state.kind === "starting" || state.kind === "done") && (
          <form
            noValidate
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              dispatch({ type: "start", name, requestId: ++ids.current });
            }}
          >
            <FormField
              label="Name of the app or device"
              error={state.kind === "idle" ? (state.error ?? undefined) : undefined}
              className="flex-1"
            >
              <Input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
            </FormField>
            <Button type="submit" disabled={state.kind === "starting"}>
              {state.kind === "starting" && <Spinner className="text-primary-foreground" />}
              {codeFactors.length > 0 ? "Add another authenticator app" : "Add an authenticator app"}
            </Button>
          </form>
        )}

        {(state.kind === "scanning" || state.kind === "confirming") && (
          <div className="flex flex-col gap-4 rounded-md border bg-muted/30 p-4" aria-label="Add an authenticator app">
            <p className="text-sm font-medium">1. In your authenticator app, add an account and scan this code.</p>
            <img
              src={state.enrolment.qrCode}
              alt="QR code for your authenticator app"
              width={192}
              height={192}
              className="size-48 self-center rounded bg-white p-2 sm:self-start"
            />
            <div className="text-sm">
              <p className="text-muted-foreground">Cannot scan it? Type this key instead:</p>
              <code data-testid="totp-secret" className="mt-1 block font-mono text-base tracking-wider break-all">
                {state.enrolment.secret}
              </code>
            </div>
            <CodeEntryForm
              label="2. Enter the 6-digit code the app shows"
              error={state.kind === "scanning" ? (state.error ?? undefined) : undefined}
              code={code}
              onCodeChange={setCode}
              onSubmit={(typed) => dispatch({ type: "submit", code: typed, requestId: ++ids.current })}
              submitLabel="Turn on two-step sign-in"
              checking={state.kind === "confirming"}
              actions={
                <Button type="button" variant="ghost" onClick={() => dispatch({ type: "cancel" })}>
                  Cancel
                </Button>
              }
            />
          </div>
        )}

        {state.kind !== "scanning" && state.kind !== "confirming" && (
          <div className="flex flex-col gap-3 border-t pt-4">
            {settings.isPending ? (
              <Skeleton className="h-10" />
            ) : phoneChannels.length > 0 ? (
              <PhoneFactorForm channels={phoneChannels} onDone={refresh} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Codes by SMS or WhatsApp are not available: this server has no SMS or WhatsApp provider set up. Use an
                authenticator app.
              </p>
            )}
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove “${removing?.name ?? ""}”?`}
        description={
          verified.length === 1
            ? "This is your only second factor: after this, your password alone signs in to your account, and your recovery codes are removed too."
            : "Its codes will no longer work for signing in."
        }
        confirmLabel="Remove"
        pending={removePending}
        onConfirm={() => void remove()}
      />
    </Card>
  );
}
