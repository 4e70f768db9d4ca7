import type { FastifyReply } from "fastify";

export interface AttachmentFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** A download header that survives any file name: an ASCII fallback plus the exact UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a decrypted attachment as a download that the browser never renders or sniffs (the owner
 * and recipients get the same headers). `public` links (a recipient's) also keep their token out
 * of the Referer of anything the file might open.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: AttachmentFile,
  { publicLink = false }: { publicLink?: boolean } = {},
): FastifyReply {
  reply
    .header("Content-Type", file.contentType)
    .header("Content-Length", file.bytes.length)
    .header("Content-Disposition", contentDisposition(file.fileName))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .header("Cache-Control", "private, no-store");
  if (publicLink) reply.header("Referrer-Policy", "no-referrer");
  return reply.send(file.bytes);
}
