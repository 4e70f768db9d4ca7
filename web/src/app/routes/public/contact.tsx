import { useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { ContactLinkIncomplete } from "@/features/trusted-contacts/components/contact-link-states";
import { ContactPagePanel } from "@/features/trusted-contacts/components/contact-page-panel";

/** docs/decisions/041: a trusted contact's own page (`?token=`, the link shown once when they accepted). */
export default function ContactPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim();
  return (
    <PageContainer className="max-w-2xl py-10 sm:py-16">
      {token ? <ContactPagePanel token={token} /> : <ContactLinkIncomplete />}
    </PageContainer>
  );
}
