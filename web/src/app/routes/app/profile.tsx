import { profileCompleteness, type Profile } from "@trigger-switch/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { PageSkeleton } from "@/components/page-skeleton";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useChannelsInfo } from "@/features/channels/api/get-channels-info";
import { invalidateOwnerChannels } from "@/features/channels/api/get-owner-channels";
import { MessagingCard } from "@/features/channels/components/messaging-card";
import { messagingWords } from "@/features/channels/utils/channel-sentences";
import { AvatarField } from "@/features/profile/components/avatar-field";
import { IncompleteBanner } from "@/features/profile/components/incomplete-banner";
import { ProfileCompleteness } from "@/features/profile/components/profile-completeness";
import { ProfileForm } from "@/features/profile/components/profile-form";
import { SecuritySection } from "@/features/security/components/security-section";
import { useAuth } from "@/lib/auth/auth-context";
import { toast } from "@/lib/toast";

export default function ProfilePage() {
  const { profile, profileLoading, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const channels = useChannelsInfo();
  const [openApp, setOpenApp] = useState(false);
  const isComplete = profileCompleteness(profile).isComplete;
  // The guard held the user here; once the profile is complete the rest of the app opens. Only once
  // the signed-in profile itself reads complete: navigating before it does would let the guard see
  // the old profile and send the user straight back here.
  useEffect(() => {
    if (openApp && isComplete) navigate(paths.dashboard);
  }, [openApp, isComplete, navigate]);
  if (profileLoading) return <PageSkeleton />;

  const wasComplete = isComplete;
  const onSaved = (saved: Profile) => {
    toast.success("Profile updated");
    // A changed number has to be verified again; the messaging card asks the server.
    void invalidateOwnerChannels(queryClient);
    if (!wasComplete && profileCompleteness(saved).isComplete) setOpenApp(true);
  };

  return (
    <PageContainer>
      <PageHeader
        title="Your profile"
        description="How recipients will know who a message is from, and how we reach you."
      />
      <div className="flex flex-col gap-6">
        {!wasComplete && <IncompleteBanner checkInBy={messagingWords(channels.data).checkInBy} />}
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <Card>
            <CardContent className="flex flex-col gap-8 pt-6">
              <AvatarField profile={profile} />
              <ProfileCompleteness profile={profile} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Your details</CardTitle>
            </CardHeader>
            <CardContent>
              {/* Keyed by profile id: the form takes the saved values once, then keeps what is typed. */}
              <ProfileForm
                key={profile?.id ?? "new"}
                profile={profile}
                email={user?.email ?? profile?.email ?? ""}
                onSaved={onSaved}
              />
            </CardContent>
          </Card>
        </div>
        {wasComplete && <MessagingCard />}
        <SecuritySection />
      </div>
    </PageContainer>
  );
}
