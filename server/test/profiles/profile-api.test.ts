import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOwnerAndOther } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { json, type SignedInUser } from "../support/users.ts";

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
beforeAll(async () => {
  ({ t, owner, other } = await appWithOwnerAndOther());
});
afterAll(() => t.close());

const put = (user: SignedInUser, body: unknown) =>
  user.api("/api/profile", { method: "PUT", ...json(body), headers: { "content-type": "application/json" } });

describe("GET /api/profile", () => {
  it("gives a new user the empty profile created at sign-up", async () => {
    const res = await owner.api("/api/profile");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: owner.id,
      email: owner.email,
      first_name: null,
      last_name: null,
      whatsapp_number: null,
      avatar_url: null,
    });
  });

  it("refuses a signed-out caller with 401 and a readable message", async () => {
    const res = await fetch(`${t.url}/api/profile`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unauthorized");
    expect(body.error.message.length).toBeGreaterThan(5);
  });

  it("refuses a forged token", async () => {
    const res = await fetch(`${t.url}/api/profile`, {
      headers: { authorization: "Bearer eyJhbGciOiJFUzI1NiJ9.e30.AAAA" },
    });
    expect(res.status).toBe(401);
  });
});

describe("PUT /api/profile", () => {
  it("saves trimmed names and a normalised WhatsApp number", async () => {
    const res = await put(owner, { first_name: "  Ada ", last_name: "Lovelace", whatsapp_number: "+44 7700 900-123" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      whatsapp_number: "+447700900123",
    });
  });

  it("changes only the caller's own profile", async () => {
    await put(other, { first_name: "Grace" });
    const mine = (await (await owner.api("/api/profile")).json()) as { first_name: string };
    const theirs = (await (await other.api("/api/profile")).json()) as { first_name: string; id: string };
    expect(mine.first_name).toBe("Ada");
    expect(theirs).toMatchObject({ first_name: "Grace", id: other.id });
  });

  it("stores whitespace-only fields as missing", async () => {
    const res = await put(other, { last_name: "   " });
    expect((await res.json()) as object).toMatchObject({ last_name: null });
  });

  it("explains a WhatsApp number without a country code", async () => {
    const res = await put(owner, { whatsapp_number: "07700 900123" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields.whatsapp_number).toMatch(/international format/);
  });

  it("rejects unknown fields instead of silently ignoring them", async () => {
    const res = await put(owner, { email: "evil@example.com" });
    expect(res.status).toBe(400);
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await owner.api("/api/profile", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{ nope",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("bad_request");
  });

  it("rejects an over-long name with the field named", async () => {
    const res = await put(owner, { first_name: "x".repeat(101) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.first_name).toMatch(
      /at most 100/,
    );
  });
});

describe("GET /api/me", () => {
  it("says whether the caller is an admin", async () => {
    const res = await owner.api("/api/me");
    expect(await res.json()).toEqual({ id: owner.id, email: owner.email, is_admin: false });
  });
});
