import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { messages, passwordFailures, securityEvents, users } from "../../src/db/schema.ts";
import { passwordFailureKey } from "../../src/auth/passwords/password-failures.ts";
import { createMessage, type ApiErrorBody } from "../support/content.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser as signUp, type SignedInUser } from "../support/users.ts";
import { withOwnAddress } from "../support/channels.ts";

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY: each owner calls from an address of its own, so the route's per-address limit stays per test.
  t = await startAutoconfirmApp({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await t?.close();
});

const signUpUser = async (app: TestApp) => withOwnAddress(await signUp(app));

const deleteWith = (owner: SignedInUser, body?: unknown) =>
  owner.api("/api/account", {
    method: "DELETE",
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });

const stillThere = async (owner: SignedInUser) =>
  (await t.database.db.select().from(users).where(eq(users.id, owner.id))).length === 1 &&
  (await t.database.db.select().from(messages).where(eq(messages.userId, owner.id))).length === 1;

describe("confirming the deletion of an account that has a password", () => {
  it("refuses a wrong password just after signing in, says so beside the field, and deletes nothing", async () => {
    const owner = await signUpUser(t);
    await createMessage(owner);
    const res = await deleteWith(owner, { password: "wrong" });
    expect(res.status).toBe(403);
    const body = (await res.json()) as ApiErrorBody;
    expect(body.error.message).toBe("Enter your current password to confirm.");
    expect(body.error.fields?.password).toBe("This password is not right");
    expect(await stillThere(owner)).toBe(true);
    expect((await owner.api("/api/profile")).status).toBe(200);
  });

  it("asks for the password even just after signing in, since the dialog asks for it", async () => {
    const owner = await signUpUser(t);
    await createMessage(owner);
    const res = await deleteWith(owner);
    expect(res.status).toBe(403);
    const body = (await res.json()) as ApiErrorBody;
    expect(body.error.fields?.password).toBe("Enter your current password");
    expect(await stillThere(owner)).toBe(true);
  });

  it("counts a wrong password like a failed sign-in: logged for the owner, and after five the right one waits too", async () => {
    const owner = await signUpUser(t);
    await createMessage(owner);
    for (let i = 0; i < 5; i++) expect((await deleteWith(owner, { password: `guess ${i}` })).status).toBe(403);
    const [failures] = await t.database.db
      .select()
      .from(passwordFailures)
      .where(eq(passwordFailures.keyHash, passwordFailureKey(owner.email)));
    expect(failures?.failures).toBe(5);
    const logged = await t.database.db.select().from(securityEvents).where(eq(securityEvents.userId, owner.id));
    expect(logged.filter((e) => e.kind === "sign_in_failed" && e.detail.reason === "delete_account")).toHaveLength(5);

    const waiting = await deleteWith(owner, { password: "correct horse battery staple" });
    expect(waiting.status).toBe(429);
    expect(((await waiting.json()) as ApiErrorBody).error.message).toMatch(
      /^Too many wrong passwords for this account\. Try again in \d+ seconds\.$/,
    );
    expect(await stillThere(owner)).toBe(true);

    t.clock.advance(31_000);
    expect((await deleteWith(owner, { password: "correct horse battery staple" })).status).toBe(204);
  });

  it("deletes with the right password", async () => {
    const owner = await signUpUser(t);
    await createMessage(owner);
    expect((await deleteWith(owner, { password: "correct horse battery staple" })).status).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
  });
});

describe("confirming the deletion of an account without a password (made through a sign-in provider)", () => {
  /** An account as a provider sign-in leaves it: no password, no "email" provider. */
  async function providerOnlyOwner() {
    const owner = await signUpUser(t);
    await createMessage(owner);
    await t.database.db
      .update(users)
      .set({ encryptedPassword: null, appMetadata: { provider: "test", providers: ["test"] } })
      .where(eq(users.id, owner.id));
    return owner;
  }

  it("needs a sign-in within the last 5 minutes, and says so once it is older", async () => {
    const owner = await providerOnlyOwner();
    t.clock.advance(6 * 60_000);
    const res = await deleteWith(owner);
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).error.message).toBe(
      "Please sign in again first: deleting an account without a password needs a sign-in within the last 5 minutes.",
    );
    expect(await stillThere(owner)).toBe(true);
  });

  it("does not ignore a password it cannot check: it says the account has none, and deletes nothing", async () => {
    const owner = await providerOnlyOwner();
    const res = await deleteWith(owner, { password: "my old password" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).error.fields?.password).toBe(
      "Your account has no password at the moment: leave this empty, since a sign-in within the last 5 minutes confirms it instead",
    );
    expect(await stillThere(owner)).toBe(true);
  });

  it("deletes within 5 minutes of signing in", async () => {
    const owner = await providerOnlyOwner();
    expect((await deleteWith(owner)).status).toBe(204);
    expect(await t.database.db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
  });
});
