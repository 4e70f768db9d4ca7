import { describe, expect, it } from "vitest";
import { sessionStorageKey } from "./auth-client";
import { readStoredSession, STORED_SESSION_MARGIN_MS } from "./stored-session";

const now = Date.parse("2026-11-27T12:00:00Z");
const session = (expiresInMs: number) => ({
  access_token: "header.payload.signature",
  refresh_token: "r1",
  token_type: "bearer",
  expires_in: 3600,
  expires_at: Math.floor((now + expiresInMs) / 1000),
  user: { id: "u1", email: "ada@example.com" },
});
const read = (stored: unknown, hash = "") =>
  readStoredSession(
    {
      storage: {
        getItem: (key) =>
          key === sessionStorageKey("switch.example") && stored !== undefined ? JSON.stringify(stored) : null,
      },
      hostname: "switch.example",
      hash,
    },
    now,
  );

describe("the stored session, read without auth-js", () => {
  it("is none when nothing is stored", () => {
    expect(read(undefined)).toBeNull();
  });

  it("is the stored session while it has more than the margin left", () => {
    expect(read(session(STORED_SESSION_MARGIN_MS + 60_000))).toMatchObject({
      access_token: "header.payload.signature",
    });
  });

  it("leaves it to auth-js near expiry (it refreshes first), for a link's tokens, and for anything else stored", () => {
    expect(read(session(STORED_SESSION_MARGIN_MS - 1000))).toBeUndefined();
    expect(read(session(-60_000))).toBeUndefined();
    expect(read(session(3_600_000), "#access_token=a&refresh_token=b&type=recovery")).toBeUndefined();
    expect(read({ access_token: "a" })).toBeUndefined();
    expect(
      readStoredSession({ storage: { getItem: () => "not json" }, hostname: "switch.example", hash: "" }, now),
    ).toBeUndefined();
    expect(
      readStoredSession(
        {
          storage: {
            getItem: () => {
              throw new Error("SecurityError");
            },
          },
          hostname: "switch.example",
          hash: "",
        },
        now,
      ),
    ).toBeUndefined();
  });
});
