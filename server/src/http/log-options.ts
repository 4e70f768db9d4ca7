import type { FastifyServerOptions } from "fastify";

/**
 * Structured request logs that carry no secrets: query strings are cut (they hold one-time
 * tokens), and credentials are redacted. Bodies are never logged, so message contents never are.
 */
export function logOptions(level: string): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  return {
    level,
    redact: ["req.headers.authorization", "req.headers.cookie", "req.headers.apikey", 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.split("?")[0],
        ip: req.ip,
      }),
    },
  };
}
