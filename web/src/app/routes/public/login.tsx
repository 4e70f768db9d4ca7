import { Link, Navigate, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ExpiredLinkNotice } from "@/features/auth/components/expired-link-notice";
import { FormError } from "@/features/auth/components/form-error";
import { LoginForm } from "@/features/auth/components/login-form";
import { PasskeySignIn } from "@/features/auth/components/passkey-sign-in";
import { ProviderButtons } from "@/features/auth/components/provider-buttons";
import { SecondFactorStep } from "@/features/auth/components/second-factor-step";
import { useProviderReturn, type ProviderReturn } from "@/features/auth/hooks/use-provider-return";
import { paths } from "@/config/paths";
import { useHydrated } from "@/hooks/use-hydrated";
import { useAuth } from "@/lib/auth/auth-context";
import { useServices } from "@/lib/services";
import type { RedirectState } from "../../guard";

/** Where to go after sign-in: back to the page the guard turned away, else the dashboard. */
function targetOf(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  if (!from || from.pathname === paths.login) return paths.dashboard;
  return `${from.pathname}${from.search}${from.hash}`;
}

/**
 * Sign in: a passkey (where the browser can use one), e-mail and password, or a configured OpenID
 * provider, then, on an account with a second factor, its passkey or code. The page follows the session: once signed in (at the level the
 * account needs) it moves on to where the person was going.
 */
export default function LoginPage() {
  // The form shows while the stored session is restored (it is also the prerendered page); a
  // visitor who turns out to be signed in moves on as soon as that is known.
  const { user, secondFactor } = useAuth();
  const { linkHint } = useServices();
  const location = useLocation();
  const target = targetOf(location.state);
  // What the address says (a link's error in the hash, a provider's answer in the query) is not in
  // the prerendered page, which is the same for every address: the render that takes that markup
  // over must draw the same, so it is shown from the render after (docs/decisions/021).
  const hydrated = useHydrated();
  const returned = useProviderReturn();
  const providerReturn: ProviderReturn = hydrated ? returned : { status: "none" };
  const linkError = hydrated ? linkHint : null;

  // Also where confirmation links land (session in the hash): such a visitor is signed in.
  if (user) return <Navigate to={target} replace />;

  if (secondFactor) {
    return (
      <AuthCard title="Two-step sign-in" description="This account is protected by a second factor.">
        <SecondFactorStep />
      </AuthCard>
    );
  }

  if (providerReturn.status === "finishing") {
    return (
      <AuthCard title="Signing you in…">
        <p role="status" className="flex items-center gap-3 text-sm text-muted-foreground">
          <Spinner /> Finishing the sign-in with your provider.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to manage your messages and check in."
      footer={
        <p>
          New to Trigger Switch?{" "}
          <Link to={paths.register} className="font-medium text-primary hover:underline">
            Create an account
          </Link>
        </p>
      }
    >
      <div className="flex flex-col gap-5">
        {/* An expired e-mail link or a failed provider sign-in comes back with its reason in the address. */}
        {linkError?.errorCode === "otp_expired" ? (
          <ExpiredLinkNotice />
        ) : (
          <FormError
            message={
              linkError?.errorDescription ?? (providerReturn.status === "failed" ? providerReturn.message : undefined)
            }
          />
        )}
        <PasskeySignIn />
        <LoginForm />
        <ProviderButtons />
      </div>
    </AuthCard>
  );
}
