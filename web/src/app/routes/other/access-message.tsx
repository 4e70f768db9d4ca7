import { FileLock2 } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/layout/page";

/** Recipients land here from a delivery. Until releases exist, no link can be valid. */
export default function AccessMessagePage() {
  return (
    <PageContainer className="max-w-2xl py-16">
      <EmptyState icon={FileLock2} title="Message unavailable">
        <p>This secure message link is not valid or has not been released.</p>
        <p>
          If you were expecting a message, check that you opened the whole link from the notification you received.
        </p>
      </EmptyState>
    </PageContainer>
  );
}
