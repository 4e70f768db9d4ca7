import type { Attachment } from "@trigger-switch/contracts";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";

/** GET /api/messages/:id/attachments/:attachmentId: needs the bearer token, so it is fetched as a Blob. */
export function downloadAttachment(api: ApiClient, attachment: Attachment): Promise<Blob> {
  return api.download(
    `/api/messages/${encodeURIComponent(attachment.message_id)}/attachments/${encodeURIComponent(attachment.id)}`,
  );
}

/** Saves the file through a temporary object URL, under its own name. */
export function useDownloadAttachment() {
  const api = useApi();
  return useMutation({
    mutationFn: async (attachment: Attachment) => {
      const blob = await downloadAttachment(api, attachment);
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = attachment.file_name;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked after the click has handed the URL to the download manager.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
