import { Users } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";

export default function RecipientsPage() {
  return (
    <PageContainer>
      <PageHeader title="Recipients" description="The people your messages go to." />
      <EmptyState icon={Users} title="No recipients yet">
        <p>
          Here you will keep the people who should receive your messages, with how to reach them,
          and choose which of them each message goes to. Recipients need no account; they open what you send them
          through a private link.
        </p>
        <p className="font-medium text-foreground">Adding recipients arrives soon, in an upcoming release.</p>
      </EmptyState>
    </PageContainer>
  );
}
