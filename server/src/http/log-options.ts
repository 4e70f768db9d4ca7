import type { FastifyServerOptions } from "fastify";

/**
 * Structured logs that carry no secrets and no message content (docs/security.md, "What is logged"):
 * - request lines keep the method and the path only: query strings are cut (one-time tokens ride
 *   in them), and a path segment that looks like a secret (long, random) is replaced by
 *   `[redacted]` — secrets travel in bodies, this catches any that a route still takes in its path;
 * - errors keep their type, code, message and stack, but never a failed query's parameters (which
 *   hold ciphertext, addresses and hashes: Drizzle writes them into the message), nor PostgreSQL's
 *   `detail` (which can repeat a whole row);
 * - bodies are never logged, and credentials in headers are redacted.
 */
export function logOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ["req.headers.authorization", "req.headers.cookie", "req.headers.apikey", 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactPath(req.url),
        ip: req.ip,
      }),
      err: (err: Error) => serializeError(err) as { type: string; message: string; stack: string },
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment of 24+ URL-safe characters with a digit, a capital or an underscore: a token, not a route word. */
function looksSecret(segment: string): boolean {
  return (
    segment.length >= 24 && /^[A-Za-z0-9_.~%-]+$/.test(segment) && /[0-9A-Z_%]/.test(segment) && !UUID.test(segment)
  );
}

/** The path without its query string, secret-looking segments replaced. */
export function redactPath(url: string): string {
  return url
    .split("?")[0]!
    .split("/")
    .map((segment) => (looksSecret(segment) ? "[redacted]" : segment))
    .join("/");
}

const withoutParams = (text: unknown) =>
  typeof text === "string" ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, "\nparams: [not logged]") : undefined;
const SAFE_FIELDS = [
  "code",
  "statusCode",
  "errno",
  "syscall",
  "severity",
  "table",
  "column",
  "constraint",
  "routine",
  "validationContext",
] as const;

/** An error as a log line may show it; its `cause` chain follows, three levels at most. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (err === null || typeof err !== "object") return err;
  const e = err as Record<string, unknown> & { constructor?: { name?: string } };
  const out: Record<string, unknown> = {
    type: typeof e.name === "string" ? e.name : e.constructor?.name,
    message: withoutParams(e.message),
  };
  if (typeof e.query === "string") out.query = e.query;
  for (const field of SAFE_FIELDS)
    if (e[field] !== undefined && e[field] !== null && typeof e[field] !== "object") out[field] = e[field];
  out.stack = withoutParams(e.stack);
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
