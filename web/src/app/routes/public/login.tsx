import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { AuthCard } from "@/features/auth/components/auth-card";
import { FormError } from "@/features/auth/components/form-error";
import { LoginForm } from "@/features/auth/components/login-form";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";
import { useServices } from "@/lib/services";
import type { RedirectState } from "../../guard";

/** Where to go after sign-in: back to the page the guard turned away, else the dashboard. */
function targetOf(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  if (!from || from.pathname === paths.login) return paths.dashboard;
  return `${from.pathname}${from.search}${from.hash}`;
}

export default function LoginPage() {
  // The form shows while the stored session is restored (it is also the prerendered page); a
  // visitor who turns out to be signed in moves on as soon as that is known.
  const { user } = useAuth();
  const { linkHint } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const target = targetOf(location.state);

  // Also where confirmation links land (session in the hash): such a visitor is signed in.
  if (user) return <Navigate to={target} replace />;

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
        {/* An expired or reused e-mail link comes back with its reason in the URL hash. */}
        <FormError message={linkHint.errorDescription ?? undefined} />
        <LoginForm onSignedIn={() => navigate(target, { replace: true })} />
      </div>
    </AuthCard>
  );
}
