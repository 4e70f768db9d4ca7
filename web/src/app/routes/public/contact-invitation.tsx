import { useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { ContactLinkIncomplete } from "@/features/trusted-contacts/components/contact-link-states";
import { InvitationPanel } from "@/features/trusted-contacts/components/invitation-panel";

/** docs/decisions/041: where a trusted contact's invitation link lands (`?token=`). */
export default function ContactInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim();
  return (
    <PageContainer className="max-w-2xl py-10 sm:py-16">
      {token ? <InvitationPanel token={token} /> : <ContactLinkIncomplete />}
    </PageContainer>
  );
}
