import { useMutation, useQuery } from "@tanstack/react-query";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatDateTime } from "@/lib/format-date-time";
import { useApi, useServices } from "@/lib/services";
import { browserTimeZone } from "@/lib/time-zone";
import { actOnSignInAlert, readSignInAlert } from "../api/sign-in-alert";
import { FormError } from "./form-error";

/** The token from the link's fragment, taken out of the address at once (it must not stay in history). */
function takeToken(): string {
  if (typeof window === "undefined") return "";
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
  if (token) window.history.replaceState(null, "", window.location.pathname);
  return token;
}

/**
 * "This wasn't me" from a new-device e-mail (docs/decisions/026): shows which sign-in it was and
 * lets the mailbox's owner sign that device out, or every device (the password then stops
 * working and a reset link is e-mailed). No sign-in needed: the thief may have changed nothing yet.
 */
export function ReportSignIn() {
  const api = useApi();
  const [token] = useState(takeToken);
  const { auth } = useServices();
  const act = useMutation({
    mutationFn: (scope: "session" | "all") => actOnSignInAlert(api, token, scope),
    // This browser's session ended too: forget it here at once rather than at the next check.
    onSuccess: (result) => {
      if (result.password_reset_sent) void auth.signOut({ scope: "local" });
    },
  });
  // Read once; not again after acting (signing out clears the query cache).
  const alert = useQuery({
    queryKey: ["sign-in-alert", token],
    queryFn: () => readSignInAlert(api, token),
    enabled: token !== "" && act.isIdle,
    retry: false,
    staleTime: Infinity,
  });
  const [device, setDevice] = useState("");
  if (alert.data && device !== alert.data.device) setDevice(alert.data.device);
  const zone = browserTimeZone();

  if (token === "") {
    return (
      <FormError message="This page needs the link from the e-mail. Open the link again, or sign in and check your sessions in your profile's Security section." />
    );
  }
  if (act.isSuccess) {
    const result = act.data;
    return (
      <div role="status" className="flex flex-col gap-4 text-sm">
        <p className="flex items-start gap-2">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          {result.password_reset_sent
            ? `Every device was signed out (${result.ended} session${result.ended === 1 ? "" : "s"}) and your password no longer works.`
            : result.ended > 0
              ? `${device} was signed out. It must sign in again.`
              : `${device} had already signed out.`}
        </p>
        {result.password_reset_sent ? (
          <p>
            We e-mailed you a link to set a new password. Choose one you do not use anywhere else. Until then, nobody
            can sign in with the old one.
          </p>
        ) : (
          <p>Whoever signed in knew your password. Change it now so they cannot sign in again.</p>
        )}
        <Button asChild variant={result.password_reset_sent ? "outline" : "default"}>
          <Link to={result.password_reset_sent ? paths.login : paths.forgotPassword}>
            {result.password_reset_sent ? "Go to sign in" : "Reset my password"}
          </Link>
        </Button>
      </div>
    );
  }

  if (alert.isPending) return <Skeleton className="h-40" />;
  if (alert.isError) return <FormError message={alert.error.message} />;
  const { ip, signed_in_at, session_active, handled } = alert.data;
  return (
    <div className="flex flex-col gap-5 text-sm">
      <p>
        A sign-in from <strong>{device}</strong>
        {ip ? ` (address ${ip})` : ""} on {formatDateTime(new Date(signed_in_at), zone)}.{" "}
        {session_active ? "That device is still signed in." : "That device is no longer signed in."}
      </p>
      {handled ? (
        <Alert variant="info">
          <p>
            This link was already used. To check where you are signed in, sign in and open your profile's Security
            section.
          </p>
        </Alert>
      ) : (
        <>
          <Alert variant="warning">
            <ShieldAlert aria-hidden="true" />
            <p>If this was not you, someone knows your password. Act now: the link works once.</p>
          </Alert>
          <FormError message={act.error?.message} />
          <div className="flex flex-col gap-2">
            <Button
              variant="destructive"
              className="h-auto py-2 whitespace-normal"
              disabled={act.isPending}
              onClick={() => act.mutate("all")}
            >
              {act.isPending && act.variables === "all" && <Spinner />}
              Sign out everywhere and block my password
            </Button>
            <p className="text-xs text-muted-foreground">
              Every device, this one too, is signed out. Your password stops working and we e-mail you a link to set a
              new one. Your switches keep running.
            </p>
          </div>
          {session_active && (
            <div className="flex flex-col gap-2">
              <Button
                variant="outline"
                className="h-auto py-2 whitespace-normal"
                disabled={act.isPending}
                onClick={() => act.mutate("session")}
              >
                {act.isPending && act.variables === "session" && <Spinner />}
                Only sign out {device}
              </Button>
              <p className="text-xs text-muted-foreground">
                Your other devices stay signed in. Change your password afterwards.
              </p>
            </div>
          )}
        </>
      )}
    </div>
  );
}
