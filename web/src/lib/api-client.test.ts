import { apiErrorSchema } from "@trigger-switch/contracts";
import { describe, expect, it, vi } from "vitest";
import { createApiClient, readErrorEnvelope } from "./api-client";

const payloads: unknown[] = [
  { error: { code: "not_found", message: "No such message" } },
  { error: { code: "validation_failed", message: "Please check", fields: { title: "Too long" } } },
  { error: { code: "validation_failed", message: "Please check", fields: {} } },
  { error: { code: "x", message: "y", extra: 1 }, other: true },
  { error: { code: "x", message: "y", fields: { a: 1 } } },
  { error: { code: "x", message: "y", fields: ["a"] } },
  { error: { code: "x", message: "y", fields: null } },
  { error: { code: 1, message: "y" } },
  { error: { code: "x" } },
  { error: "text" },
  { error: ["x", "y"] },
  { message: "no envelope" },
  "<html>Bad gateway</html>",
  null,
  undefined,
  42,
  [],
];

describe("reading the server's error envelope", () => {
  it("accepts exactly what the contracts' apiErrorSchema accepts, with the same fields", () => {
    for (const payload of payloads) {
      const parsed = apiErrorSchema.safeParse(payload);
      const read = readErrorEnvelope(payload);
      expect(read, JSON.stringify(payload)).toEqual(parsed.success ? { fields: {}, ...parsed.data.error } : null);
    }
  });
});

describe("a request answered 401", () => {
  function client(refresh: () => Promise<string | null>) {
    const token = { value: "old" };
    const sent: string[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get("Authorization") ?? "";
      sent.push(auth);
      const ok = auth === "Bearer new";
      return new Response(JSON.stringify(ok ? { ok } : { error: { code: "unauthorized", message: "expired" } }), {
        status: ok ? 200 : 401,
        headers: { "Content-Type": "application/json" },
      });
    };
    const refreshAccessToken = vi.fn(refresh);
    const api = createApiClient({
      getAccessToken: async () => token.value,
      refreshAccessToken,
      fetch: fetch as typeof globalThis.fetch,
    });
    const unauthorized = vi.fn();
    api.onUnauthorized(unauthorized);
    return { api, sent, refreshAccessToken, unauthorized };
  }

  it("is asked again once with a refreshed token, and several refused together share one refresh", async () => {
    const { api, sent, refreshAccessToken, unauthorized } = client(async () => "new");
    expect(await Promise.all([api.get("/api/a"), api.post("/api/b", { x: 1 })])).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(sent).toEqual(["Bearer old", "Bearer old", "Bearer new", "Bearer new"]);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("tells the listeners when no new token can be had, without asking again", async () => {
    const { api, sent, unauthorized } = client(async () => null);
    await expect(api.get("/api/a")).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual(["Bearer old"]);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});
