import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { GoTrueError } from "../gotrue-error.ts";

/**
 * The one place where anything thrown under /auth/v1 becomes a GoTrue error body. Nothing
 * here echoes request data back, and 5xx are logged without query parameters or bodies.
 */
export function gotrueErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  const error = toGoTrueError(err);
  if (error.status >= 500) req.log.error({ err: describe(err) }, "auth request failed");
  return reply.status(error.status).header("cache-control", "no-store").send(error.toBody());
}

function toGoTrueError(err: FastifyError | Error): GoTrueError {
  if (err instanceof GoTrueError) return err;
  if (err instanceof AppError) return new GoTrueError(err.status, err.code, err.message);
  const e = err as FastifyError;
  const status = e.statusCode ?? 500;
  if (
    e.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
    e.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
    (status === 400 && err instanceof SyntaxError)
  ) {
    return new GoTrueError(400, "bad_json", "Could not parse request body as JSON: please send a valid JSON object");
  }
  if (e.validation) return new GoTrueError(400, "validation_failed", err.message);
  if (status === 415)
    return new GoTrueError(
      415,
      "validation_failed",
      "Please send the request body as JSON (Content-Type: application/json)",
    );
  if (status === 413) return new GoTrueError(413, "request_too_large", "The request body is too large");
  if (status === 429) return new GoTrueError(429, "over_request_rate_limit", "Request rate limit reached");
  if (status === 404) return new GoTrueError(404, "not_found", "Not found");
  if (status >= 400 && status < 500)
    return new GoTrueError(status, "bad_request", "The request could not be understood");
  return new GoTrueError(500, "unexpected_failure", "Unexpected failure, please try again");
}

/** Enough to debug, nothing more: Drizzle puts query parameters (addresses, hashes) into its messages. */
function describe(err: Error): Record<string, unknown> {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return {
    name: err.name,
    code: (err as { code?: string }).code ?? cause?.code,
    message: err.message.split("\nparams:")[0],
    cause: cause?.message,
    stack: err.stack?.split("\n").slice(1, 6).join("\n"),
  };
}
