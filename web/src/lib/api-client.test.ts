import { apiErrorSchema } from "@trigger-switch/contracts";
import { describe, expect, it, vi } from "vitest";
import { createApiClient, readErrorEnvelope } from "./api-client";
import { createPrefetchedAnswers, PREFETCH_KEEP_MS } from "./prefetched-answers";

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

describe("a GET asked for ahead (prefetched-answers.ts)", () => {
  function client(token: { value: string | null } = { value: "token-a" }) {
    const sent: { path: string; auth: string | null }[] = [];
    let answer = 0;
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ path: String(url), auth: new Headers(init?.headers).get("Authorization") });
      answer += 1;
      return new Response(JSON.stringify({ answer }), { status: 200, headers: { "Content-Type": "application/json" } });
    };
    const prefetched = createPrefetchedAnswers();
    const api = createApiClient({
      getAccessToken: async () => token.value,
      fetch: fetch as typeof globalThis.fetch,
      prefetched,
    });
    const ask = (path: string) => prefetched.ask(path, "token-a", fetch);
    return { api, ask, sent, token };
  }

  it("is sent at once, and the next GET of that path takes its answer instead of asking again", async () => {
    const { api, ask, sent } = client();
    ask("/api/messages?tz=UTC");
    ask("/api/messages?tz=UTC");
    expect(sent).toEqual([{ path: "/api/messages?tz=UTC", auth: "Bearer token-a" }]);
    expect(await api.get("/api/messages?tz=UTC")).toEqual({ answer: 1 });
    expect(sent).toHaveLength(1);
    // Taken once: the next GET asks the server again.
    expect(await api.get("/api/messages?tz=UTC")).toEqual({ answer: 2 });
    expect(sent).toHaveLength(2);
  });

  it("is not taken by another path, with another session, or after a write", async () => {
    const { api, ask, sent, token } = client();
    ask("/api/recipients");
    expect(await api.get("/api/releases")).toEqual({ answer: 2 });

    token.value = "token-b";
    expect(await api.get("/api/recipients")).toEqual({ answer: 3 });
    expect(sent.at(-1)).toEqual({ path: "/api/recipients", auth: "Bearer token-b" });

    token.value = "token-a";
    ask("/api/messages");
    await api.post("/api/messages", { title: "New" });
    expect(await api.get("/api/messages")).toEqual({ answer: 6 });
    expect(sent).toHaveLength(6);
  });

  it("is forgotten when nothing took it in time", async () => {
    vi.useFakeTimers();
    try {
      const { api, ask, sent } = client();
      ask("/api/messages");
      await vi.advanceTimersByTimeAsync(PREFETCH_KEEP_MS + 1);
      expect(await api.get("/api/messages")).toEqual({ answer: 2 });
      expect(sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is asked again when the early request failed", async () => {
    const prefetched = createPrefetchedAnswers();
    prefetched.ask("/api/profile", "token-a", () => Promise.reject(new TypeError("offline")));
    const sent: string[] = [];
    const api = createApiClient({
      getAccessToken: async () => "token-a",
      fetch: (async (url: string) => {
        sent.push(url);
        return new Response("{}", { status: 200 });
      }) as unknown as typeof globalThis.fetch,
      prefetched,
    });
    expect(await api.get("/api/profile")).toEqual({});
    expect(sent).toEqual(["/api/profile"]);
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
