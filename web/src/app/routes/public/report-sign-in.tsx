import { AuthCard } from "@/features/auth/components/auth-card";
import { ReportSignIn } from "@/features/auth/components/report-sign-in";

export default function ReportSignInPage() {
  return (
    <AuthCard title="Was this you?" description="You opened “This wasn't me” from a new sign-in e-mail.">
      <ReportSignIn />
    </AuthCard>
  );
}
