import { fieldMessage, validationMessage } from "@trigger-switch/contracts";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type ErrorCode } from "../errors.ts";
import { isOutOfSpace } from "../runtime/storage-health.ts";

/** The one place where anything thrown under /api becomes `{ error: { code, message, fields } }`. */
export function apiErrorHandler(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  const { status, code, message, fields } = toApiError(err);
  if (status >= 500) req.log.error({ err }, "request failed");
  return reply.status(status).send({ error: { code, message, ...(fields ? { fields } : {}) } });
}

function toApiError(err: FastifyError | AppError): {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
} {
  if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message, fields: err.fields };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const path = issue.instancePath.split("/").filter(Boolean);
      const key = path.join(".") || (err.validationContext ?? "body");
      fields[key] ??= fieldMessage(path, issue.message);
    }
    return { status: 400, code: "validation_failed", message: validationMessage(Object.values(fields)), fields };
  }
  const status = err.statusCode ?? 500;
  if (status === 429)
    return { status, code: "rate_limited", message: "Too many requests. Please wait a moment and try again." };
  if (status === 413) return { status, code: "payload_too_large", message: "The request is too large." };
  if (status === 415)
    return { status, code: "unsupported_media_type", message: "This content type is not accepted here." };
  if (status === 404) return { status, code: "not_found", message: "Not found" };
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, empty body…) carry a readable message.
    return { status, code: "bad_request", message: err.message.replace(/^Body /, "The request body ") };
  }
  // The write was rolled back; say why, and that it is ours to fix (docs/decisions/013).
  if (isOutOfSpace(err))
    return {
      status: 503,
      code: "unavailable",
      message: "This could not be saved: the server's disk is full. Nothing was changed. Please try again later.",
    };
  return { status: 500, code: "internal", message: "Something went wrong on our side. Please try again." };
}
