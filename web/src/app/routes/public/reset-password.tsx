import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { AuthCard, AuthCardSkeleton } from "@/features/auth/components/auth-card";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { SecondFactorStep } from "@/features/auth/components/second-factor-step";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";
import { useServices } from "@/lib/services";
import { toast } from "@/lib/toast";

export default function ResetPasswordPage() {
  const { loaded, recovery, secondFactor } = useAuth();
  const { linkHint } = useServices();
  const navigate = useNavigate();

  if (!loaded) return <AuthCardSkeleton />;

  // Only a session opened by a recovery link may set a password without the old one.
  if (!recovery || linkHint.errorDescription) {
    return (
      <AuthCard title="This link is invalid or has expired">
        <div className="flex flex-col gap-5 text-sm">
          <p>
            Password reset links work once and only for a limited time. Request a new one and open the newest e-mail.
          </p>
          {linkHint.errorDescription && <p className="text-muted-foreground">Reason: {linkHint.errorDescription}</p>}
          <Button asChild>
            <Link to={paths.forgotPassword}>Request a new link</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  // The link proves the mailbox; an account with an authenticator app also needs its code.
  if (secondFactor) {
    return (
      <AuthCard title="Two-step sign-in" description="This account is protected by a second factor.">
        <SecondFactorStep />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" description="Choose a new password for your account.">
      <ResetPasswordForm
        onDone={() => {
          toast.success("Password updated", { description: "Your new password is now in use." });
          navigate(paths.dashboard, { replace: true });
        }}
      />
    </AuthCard>
  );
}
