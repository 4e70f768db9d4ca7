import { useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { AccessDenyPanel, DenyLinkIncomplete } from "@/features/trusted-contacts/components/access-deny-panel";

/** docs/decisions/041: the owner's one-tap Deny link from a contact's request for access (`?token=`). */
export default function AccessRequestDenyPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim();
  return (
    <PageContainer className="max-w-2xl py-10 sm:py-16">
      {token ? <AccessDenyPanel token={token} /> : <DenyLinkIncomplete />}
    </PageContainer>
  );
}
