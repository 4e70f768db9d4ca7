import { describe, expect, it } from "vitest";
import { logOptions, redactPath, serializeError } from "../../src/http/log-options.ts";

describe("request logs", () => {
  const options = logOptions("info") as { serializers: { req: (r: object) => { url: string } }; redact: string[] };

  it("drop query strings, which carry one-time tokens", () => {
    const logged = options.serializers.req({
      method: "GET",
      url: "/auth/v1/verify?token=secret123&type=signup",
      id: "r1",
    });
    expect(logged.url).toBe("/auth/v1/verify");
    expect(JSON.stringify(logged)).not.toContain("secret123");
  });

  it("redact credentials in headers", () => {
    expect(options.redact).toEqual(
      expect.arrayContaining(["req.headers.authorization", "req.headers.cookie", "req.headers.apikey"]),
    );
  });

  it("are off entirely at level silent", () => {
    expect(logOptions("silent")).toBe(false);
  });
});

describe("request lines", () => {
  it("replace a secret-looking path segment, keeping route words and ids", () => {
    expect(redactPath("/api/check-in/token/9oNBU_sIZLKbGg4e6DZ9_czLxxBAjTEf60XFUbG_KuI?x=1")).toBe(
      "/api/check-in/token/[redacted]",
    );
    expect(redactPath("/functions/v1/send-message-notifications")).toBe("/functions/v1/send-message-notifications");
    const id = "4adcfdb1-07d2-46b7-bc6e-9410d1818c6c";
    expect(redactPath(`/api/messages/${id}/attachments/${id}`)).toBe(`/api/messages/${id}/attachments/${id}`);
  });
});

describe("error lines", () => {
  it("keep the failed statement but not its parameters, nor PostgreSQL's detail", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: "22021",
      detail: "Failing row contains (secret title)",
    });
    const err = Object.assign(
      new Error('Failed query: update "profiles" set "first_name" = $1\nparams: Ada-secret,2026-01-01'),
      { query: 'update "profiles" set "first_name" = $1', params: ["Ada-secret"], cause },
    );
    const logged = serializeError(err);
    const text = JSON.stringify(logged);
    expect(logged).toMatchObject({
      message: 'Failed query: update "profiles" set "first_name" = $1\nparams: [not logged]',
      query: 'update "profiles" set "first_name" = $1',
      cause: { code: "22021" },
    });
    expect(text).not.toContain("Ada-secret");
    expect(text).not.toContain("secret title");
  });
});
