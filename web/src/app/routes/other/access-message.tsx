import { useParams, useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { PageSkeleton } from "@/components/page-skeleton";
import { useReleasedMessage } from "@/features/access/api/get-released-message";
import { AccessUnavailable } from "@/features/access/components/access-unavailable";
import { LockedMessage } from "@/features/access/components/locked-message";
import { ReleasedMessage } from "@/features/access/components/released-message";

/** Spec §2 /access/message/{id}: a recipient's link from a delivery (`?t=` is their access token). */
export default function AccessMessagePage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("t") ?? "";
  const message = useReleasedMessage(id, token);
  if (message.isPending) return <PageSkeleton />;
  return (
    <PageContainer className="max-w-2xl py-12">
      {message.isError ? (
        <LoadError what="message" onRetry={() => void message.refetch()} />
      ) : message.data === null ? (
        <AccessUnavailable />
      ) : message.data.state === "locked" ? (
        <LockedMessage
          opensAt={message.data.opens_at}
          checking={message.isFetching}
          onCheckAgain={() => void message.refetch()}
        />
      ) : (
        <ReleasedMessage messageId={id} token={token} message={message.data} />
      )}
    </PageContainer>
  );
}
