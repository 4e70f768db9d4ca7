import { ClosingCta } from "@/features/marketing/components/closing-cta";
import { Hero } from "@/features/marketing/components/hero";
import { HowItWorks } from "@/features/marketing/components/how-it-works";
import { PrivacyPromise } from "@/features/marketing/components/privacy-promise";
import { TriggerTypes } from "@/features/marketing/components/trigger-types";

export default function HomePage() {
  return (
    <>
      <Hero />
      <TriggerTypes />
      <HowItWorks />
      <PrivacyPromise />
      <ClosingCta />
    </>
  );
}
