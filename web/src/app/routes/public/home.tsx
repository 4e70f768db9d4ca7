import { useChannelsInfo } from "@/features/channels/api/get-channels-info";
import { messagingWords } from "@/features/channels/utils/channel-sentences";
import { ClosingCta } from "@/features/marketing/components/closing-cta";
import { Hero } from "@/features/marketing/components/hero";
import { HowItWorks } from "@/features/marketing/components/how-it-works";
import { PrivacyPromise } from "@/features/marketing/components/privacy-promise";
import { TriggerTypes } from "@/features/marketing/components/trigger-types";

export default function HomePage() {
  const channels = useChannelsInfo();
  return (
    <>
      <Hero />
      <TriggerTypes />
      <HowItWorks checkInBy={messagingWords(channels.data).checkInBy} />
      <PrivacyPromise />
      <ClosingCta />
    </>
  );
}
