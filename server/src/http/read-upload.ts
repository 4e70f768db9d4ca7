import type { FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

export interface Upload {
  /** The name the client gave the file (untrusted: clean it before keeping it). */
  filename: string;
  /** Reads the whole file; call it only once the caller may upload here. */
  readBytes(): Promise<Buffer>;
}

const MALFORMED =
  "The upload could not be read: send the file as multipart/form-data in a field named 'file' (the form's boundary was missing, wrong, or the upload was cut off).";

/**
 * The one way routes read an uploaded file (multipart field `file`), with every way a multipart
 * body can be broken — not multipart, no boundary, a wrong boundary, a body cut off, a file too
 * large — answered 4xx with a sentence, never 500.
 */
export async function readUpload(
  req: FastifyRequest,
  { maxBytes, noun }: { maxBytes: number; /** "image", "file": what the person is uploading. */ noun: string },
): Promise<Upload> {
  if (!req.isMultipart())
    throw new AppError("unsupported_media_type", `Send the ${noun} as multipart/form-data in a field named 'file'.`);
  const limit =
    maxBytes < 1024 * 1024
      ? `${Math.round(maxBytes / 1024)} KB`
      : `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;
  const what = `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
  let file: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    file = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    throw uploadError(err, limit, noun);
  }
  if (!file || file.fieldname !== "file")
    throw new AppError("validation_failed", `Choose a ${what} to upload.`, { file: `Choose a ${what} to upload.` });
  return {
    filename: file.filename,
    async readBytes() {
      try {
        return await file.toBuffer();
      } catch (err) {
        throw uploadError(err, limit, noun);
      }
    },
  };
}

function uploadError(err: unknown, limit: string, noun: string): AppError {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413)
    return new AppError("payload_too_large", `The ${noun} must be at most ${limit}.`, { file: `At most ${limit}.` });
  return new AppError("bad_request", MALFORMED, { file: MALFORMED });
}
