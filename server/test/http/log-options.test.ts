import { describe, expect, it } from "vitest";
import { logOptions } from "../../src/http/log-options.ts";

describe("request logs", () => {
  const options = logOptions("info") as { serializers: { req: (r: object) => { url: string } }; redact: string[] };

  it("drop query strings, which carry one-time tokens", () => {
    const logged = options.serializers.req({ method: "GET", url: "/auth/v1/verify?token=secret123&type=signup", id: "r1" });
    expect(logged.url).toBe("/auth/v1/verify");
    expect(JSON.stringify(logged)).not.toContain("secret123");
  });

  it("redact credentials in headers", () => {
    expect(options.redact).toEqual(expect.arrayContaining(["req.headers.authorization", "req.headers.cookie", "req.headers.apikey"]));
  });

  it("are off entirely at level silent", () => {
    expect(logOptions("silent")).toBe(false);
  });
});
