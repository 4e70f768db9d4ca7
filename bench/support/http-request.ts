import http from "node:http";

export type BenchRequest = (
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: unknown,
  via?: http.Agent,
) => Promise<{ status: number; body: string }>;

/** An HTTP/1.1 client for the benches: JSON in, the status and text out, over a keep-alive agent. */
export function createBenchRequest(base: string, agent: http.Agent): BenchRequest {
  return (method, urlPath, headers, body, via = agent) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        `${base}${urlPath}`,
        {
          method,
          agent: via,
          headers: {
            ...headers,
            ...(data ? { "content-type": "application/json", "content-length": Buffer.byteLength(data) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      req.on("error", reject);
      req.end(data);
    });
}
