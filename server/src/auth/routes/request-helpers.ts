import type { FastifyRequest } from "fastify";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";

/** The JSON body as an object; an absent body counts as `{}`, anything else is refused. */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  if (body === undefined || body === null || body === "") return {};
  if (typeof body !== "object" || Array.isArray(body)) throw validationFailed("The request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** A single query parameter (the first if repeated). */
export function queryParam(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}

export function clientInfo(req: FastifyRequest): { userAgent?: string; ip?: string } {
  return { userAgent: req.headers["user-agent"], ip: req.ip };
}

/**
 * Per-route limits for @fastify/rate-limit (registered by the app with `global: false`),
 * answering 429 in the GoTrue shape. Counted per client IP (the app trusts the proxy's
 * X-Forwarded-For), in this process's memory.
 */
export function rateLimit(opts: {
  max: number | ((req: FastifyRequest, key: string) => number);
  timeWindow: string;
  errorCode: "over_request_rate_limit" | "over_email_send_rate_limit";
  keyGenerator?: (req: FastifyRequest) => string;
}) {
  const msg =
    opts.errorCode === "over_email_send_rate_limit" ? "email rate limit exceeded" : "Request rate limit reached";
  return {
    rateLimit: {
      max: opts.max,
      timeWindow: opts.timeWindow,
      ...(opts.keyGenerator ? { keyGenerator: opts.keyGenerator } : {}),
      errorResponseBuilder: () => new GoTrueError(429, opts.errorCode, `${msg}. Please wait a little and try again.`),
    },
  };
}
