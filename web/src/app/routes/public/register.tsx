import { useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { AuthCard } from "@/features/auth/components/auth-card";
import { CheckEmail } from "@/features/auth/components/check-email";
import { ProviderButtons } from "@/features/auth/components/provider-buttons";
import { RegisterForm } from "@/features/auth/components/register-form";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";
import { useDocumentTitle } from "../../use-document-title";

const CHECK_EMAIL = "Check your e-mail";

export default function RegisterPage() {
  // The form shows while the stored session is restored (it is also the prerendered page); a
  // visitor who turns out to be signed in moves on as soon as that is known.
  const { user } = useAuth();
  const navigate = useNavigate();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // Waiting for the confirmation is a page of its own: its heading, and its title.
  useDocumentTitle(pendingEmail ? CHECK_EMAIL : null);

  if (user && !pendingEmail) return <Navigate to={paths.dashboard} replace />;

  if (pendingEmail) {
    return (
      <AuthCard title={CHECK_EMAIL}>
        <CheckEmail email={pendingEmail} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      description="Write the words that matter and choose when they are delivered."
      footer={
        <>
          <p>
            Already have an account?{" "}
            <Link to={paths.login} className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
          <p className="text-xs">
            By creating an account you agree to the{" "}
            <Link to={paths.terms} className="underline">
              Terms
            </Link>{" "}
            and the{" "}
            <Link to={paths.privacy} className="underline">
              Privacy notice
            </Link>
            .
          </p>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <RegisterForm
          onRegistered={(email, session) => {
            // A server that confirms at once signs the new user in: go straight on (the guard
            // sends a new user to /profile first).
            if (session) navigate(paths.dashboard, { replace: true });
            else setPendingEmail(email);
          }}
        />
        <ProviderButtons />
      </div>
    </AuthCard>
  );
}
