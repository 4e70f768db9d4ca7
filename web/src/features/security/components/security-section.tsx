import { PushDevicesCard } from "@/features/push";
import { useAuth } from "@/lib/auth/auth-context";
import { useFactors } from "../api/factors";
import { AccountDataCard } from "./account-data-card";
import { EmailCard } from "./email-card";
import { PasskeysCard } from "./passkeys-card";
import { PasswordCard } from "./password-card";
import { RecoveryCodesCard } from "./recovery-codes-card";
import { SecurityLogCard } from "./security-log-card";
import { SessionsCard } from "./sessions-card";
import { TwoStepCard } from "./two-step-card";

/** The profile's Security section: how you sign in, where you are signed in, your data. */
export function SecuritySection() {
  const { user } = useAuth();
  const factors = useFactors();
  const hasFactor = (factors.data ?? []).some((f) => f.status === "verified");
  // An account made through a provider has no password until the person sets one by reset link.
  const hasPassword =
    (user?.identities ?? []).some((i) => i.provider === "email") ||
    (user?.app_metadata.providers as string[] | undefined)?.includes("email") === true;
  return (
    <section id="security" aria-labelledby="security-heading" className="flex scroll-mt-24 flex-col gap-6">
      <h2 id="security-heading" className="text-xl font-semibold tracking-tight">
        Security and account
      </h2>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <TwoStepCard />
        <PasskeysCard />
        {hasFactor && <RecoveryCodesCard email={user?.email ?? ""} />}
        <SessionsCard />
        <PushDevicesCard />
        <PasswordCard hasPassword={hasPassword} />
        <EmailCard />
        <SecurityLogCard />
        <AccountDataCard hasPassword={hasPassword} />
      </div>
    </section>
  );
}
