// The per-request session check after the token's signature is remembered (tokens/verified-tokens.ts):
// a session ended elsewhere, an expired token and a banned account are still refused at once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema.ts";
import { post } from "../support/content.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startAutoconfirmApp();
});
afterAll(async () => {
  await t.close();
});

const checkIn = async (token: string) => {
  const res = await fetch(`${t.url}/api/check-in`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
};

describe("the session check on every request", () => {
  it("refuses a token at once when its session is signed out elsewhere", async () => {
    const user = await signUpUser(t);
    // Twice: the second request is answered from the remembered signature.
    expect((await checkIn(user.accessToken)).status).toBe(200);
    expect((await checkIn(user.accessToken)).status).toBe(200);
    expect(
      (
        await fetch(`${t.url}/auth/v1/logout`, {
          method: "POST",
          headers: { authorization: `Bearer ${user.accessToken}` },
        })
      ).status,
    ).toBe(204);
    const refused = await checkIn(user.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.message).toBe("This session has ended (signed out). Please sign in again.");
  });

  it("refuses a remembered token once it has expired", async () => {
    const user = await signUpUser(t);
    expect((await post(user, "/api/check-in", {})).status).toBe(200);
    t.clock.advance(t.config.JWT_EXPIRY * 1000);
    const refused = await checkIn(user.accessToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.message).toBe(
      "Your access token has expired. Please sign in again or refresh the session.",
    );
  });

  it("refuses a remembered token of a banned account", async () => {
    const user = await signUpUser(t);
    expect((await checkIn(user.accessToken)).status).toBe(200);
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(t.clock.now().getTime() + 3_600_000) })
      .where(eq(users.id, user.id));
    expect((await checkIn(user.accessToken)).status).toBe(401);
  });

  it("never accepts a token whose signature was altered, even beside a remembered one", async () => {
    const user = await signUpUser(t);
    expect((await checkIn(user.accessToken)).status).toBe(200);
    const [header, payload, signature] = user.accessToken.split(".");
    const flipped = signature!.slice(0, -2) + (signature!.slice(-2) === "AA" ? "AB" : "AA");
    expect((await checkIn(`${header}.${payload}.${flipped}`)).status).toBe(401);
  });
});
