import { useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { ContactLinkIncomplete } from "@/features/trusted-contacts/components/contact-link-states";
import { QuestionPanel } from "@/features/trusted-contacts/components/question-panel";

/** docs/decisions/041: where the question to a trusted contact lands (`?token=`), before a release. */
export default function ContactQuestionPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim();
  return (
    <PageContainer className="max-w-2xl py-10 sm:py-16">
      {token ? <QuestionPanel token={token} /> : <ContactLinkIncomplete />}
    </PageContainer>
  );
}
