import { Pencil } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useMessage } from "@/features/messages/api/get-message";
import { DeleteMessageDialog } from "@/features/messages/components/message-detail/delete-message-dialog";
import { MessageDetail } from "@/features/messages/components/message-detail/message-detail";
import { MessageNotFound } from "@/features/messages/components/message-not-found";
import { toast } from "@/lib/toast";
import { usePageTitle } from "@/app/page-title";

export default function MessagePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const message = useMessage(id);
  usePageTitle(message.data?.title);
  if (message.isPending) return <PageSkeleton />;
  return (
    <PageContainer>
      {message.isError ? (
        <LoadError what="message" onRetry={() => void message.refetch()} />
      ) : message.data === null ? (
        <MessageNotFound />
      ) : (
        <MessageDetail
          message={message.data}
          actions={
            <>
              <Button asChild variant="outline">
                <Link to={paths.editMessage(id)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Link>
              </Button>
              <DeleteMessageDialog
                id={id}
                title={message.data.title}
                onDeleted={() => {
                  toast.success("Message deleted");
                  navigate(paths.messages, { replace: true });
                }}
              />
            </>
          }
        />
      )}
    </PageContainer>
  );
}
