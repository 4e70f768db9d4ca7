import { useDeferredValue } from "react";
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
  // The answer reaches React as an urgent update (the query cache is an external store), which it
  // would render in one long task; shown from a deferred copy, the page renders in slices.
  const data = useDeferredValue(message.data);
  if (data === undefined && !message.isError) return <PageSkeleton />;
  return (
    <PageContainer className="max-w-2xl py-12">
      {message.isError ? (
        <LoadError what="message" onRetry={() => void message.refetch()} />
      ) : data === null || data === undefined ? (
        <AccessUnavailable />
      ) : data.state === "locked" ? (
        <LockedMessage
          opensAt={data.opens_at}
          checking={message.isFetching}
          onCheckAgain={() => void message.refetch()}
        />
      ) : (
        <ReleasedMessage messageId={id} token={token} message={data} />
      )}
    </PageContainer>
  );
}
