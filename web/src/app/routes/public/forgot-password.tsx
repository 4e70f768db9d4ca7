import { Link } from "react-router";
import { AuthCard } from "@/features/auth/components/auth-card";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { paths } from "@/config/paths";

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the e-mail address of your account and we will send you a link to set a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to={paths.login} className="font-medium text-primary hover:underline">
            Back to sign in
          </Link>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
