import { classifyConditionUpdate, type Condition, type RealtimeServerMessage } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageConditions } from "../../src/db/schema.ts";
import { createCondition, createMessage, post } from "../support/content.ts";
import { openSocket, subscribe } from "../support/realtime-client.ts";
import { appWithOwnerAndOther } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let conditionId: string;

beforeAll(async () => {
  ({ t, owner, other } = await appWithOwnerAndOther({ JWT_EXPIRY: "86400" }));
  const message = await createMessage(owner);
  conditionId = (await createCondition(owner, message.id)).id;
});
afterAll(() => t.close());

function asUpdate(m: RealtimeServerMessage) {
  if (m.type !== "UPDATE") throw new Error(`expected UPDATE, got ${JSON.stringify(m)}`);
  return m;
}

const getCondition = async (user: SignedInUser, id: string) =>
  (await (await user.api(`/api/conditions/${id}`)).json()) as Condition;

describe("realtime subscription", () => {
  it("refuses a bad token with an error and closes with 4401", async () => {
    const s = await openSocket(t);
    s.send({ type: "auth", access_token: "not-a-jwt" });
    expect(await s.next()).toMatchObject({ type: "error" });
    expect(await s.closed).toBe(4401);
  });

  it("subscribes with a good token and answers ping with pong", async () => {
    const s = await openSocket(t);
    s.send({ type: "ping" });
    expect(await s.next()).toEqual({ type: "pong" });
    s.send({ type: "auth", access_token: owner.accessToken });
    expect(await s.next()).toEqual({ type: "subscribed", channel: "message_conditions_stable" });
    s.close();
  });

  it("answers unreadable messages with an error and keeps the connection", async () => {
    const s = await subscribe(t, owner.accessToken);
    for (const bad of [
      "not json",
      JSON.stringify({ type: "subscribe" }),
      JSON.stringify({ type: "auth" }),
      JSON.stringify([1, 2]),
      "null",
    ]) {
      s.send(bad);
      expect(await s.next()).toMatchObject({ type: "error" });
    }
    s.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await s.next()).toMatchObject({ type: "error" });
    s.send({ type: "ping" });
    expect(await s.next()).toEqual({ type: "pong" });
    s.close();
  });

  it("sends the owner an UPDATE with the values before and after a check-in", async () => {
    const s = await subscribe(t, owner.accessToken);
    const before = await getCondition(owner, conditionId);
    t.clock.advance(60_000);
    expect((await post(owner, "/api/check-in", {})).status).toBe(200);
    const update = asUpdate(await s.next());
    expect(update.table).toBe("message_conditions");
    expect(update.old).toEqual({ id: conditionId, last_checked: before.last_checked, is_armed: true, active: true });
    expect(update.new).toEqual(await getCondition(owner, conditionId));
    expect(update.new.last_checked).toBe(t.clock.now().toISOString());
    expect(classifyConditionUpdate(update)).toBe("check-in");
    s.close();
  });

  it("sends an UPDATE classified as a disarm when a condition is disarmed", async () => {
    const s = await subscribe(t, owner.accessToken);
    expect((await post(owner, `/api/conditions/${conditionId}/disarm`, {})).status).toBe(200);
    const update = asUpdate(await s.next());
    expect(update.old).toMatchObject({ id: conditionId, is_armed: true, active: true });
    expect(update.new).toMatchObject({ id: conditionId, is_armed: false });
    expect(update.new).toEqual(await getCondition(owner, conditionId));
    expect(classifyConditionUpdate(update)).toBe("disarm");
    expect((await post(owner, `/api/conditions/${conditionId}/arm`, {})).status).toBe(200);
    expect(asUpdate(await s.next()).old.is_armed).toBe(false);
    s.close();
  });

  it("does not send one user's updates to another user", async () => {
    const mine = await subscribe(t, owner.accessToken);
    const theirs = await subscribe(t, other.accessToken);
    t.clock.advance(60_000);
    await post(owner, "/api/check-in", {});
    expect(asUpdate(await mine.next()).new.id).toBe(conditionId);
    expect(await theirs.silentFor(500)).toBe(true);
    mine.close();
    theirs.close();
  });

  it("relays a burst of check-ins of two owners in commit order, each owner's to them only", async () => {
    const otherCondition = (await createCondition(other, (await createMessage(other)).id)).id;
    const mine = await subscribe(t, owner.accessToken);
    const theirs = await subscribe(t, other.accessToken);
    const checkedAt: Record<"mine" | "theirs", string[]> = { mine: [], theirs: [] };
    // Sent back to back, so notifications arrive while earlier ones are being relayed and go in batches.
    for (let i = 0; i < 20; i++) {
      const who = i % 3 === 0 ? "theirs" : "mine";
      t.clock.advance(1_000);
      expect((await post(who === "mine" ? owner : other, "/api/check-in", {})).status).toBe(200);
      checkedAt[who].push(t.clock.now().toISOString());
    }
    const received = async (s: typeof mine, n: number) => {
      const updates = [];
      for (let i = 0; i < n; i++) updates.push(asUpdate(await s.next()));
      return updates;
    };
    const toMe = await received(mine, checkedAt.mine.length);
    const toThem = await received(theirs, checkedAt.theirs.length);
    expect(toMe.every((u) => u.new.id === conditionId)).toBe(true);
    expect(toThem.every((u) => u.new.id === otherCondition)).toBe(true);
    // Each frame's `old` is the check-in before it: in commit order, none missing, none twice.
    expect(toMe.slice(1).map((u) => u.old.last_checked)).toEqual(checkedAt.mine.slice(0, -1));
    expect(toThem.slice(1).map((u) => u.old.last_checked)).toEqual(checkedAt.theirs.slice(0, -1));
    expect(toMe.at(-1)!.new.last_checked).toBe(checkedAt.mine.at(-1));
    expect(await mine.silentFor(300)).toBe(true);
    expect(await theirs.silentFor(300)).toBe(true);
    mine.close();
    theirs.close();
  });

  it("re-verifies a refreshed token and refuses a token of another user on the same socket", async () => {
    const s = await subscribe(t, owner.accessToken);
    s.send({ type: "auth", access_token: owner.accessToken });
    expect(await s.next()).toEqual({ type: "subscribed", channel: "message_conditions_stable" });
    s.send({ type: "auth", access_token: other.accessToken });
    expect(await s.next()).toMatchObject({ type: "error" });
    expect(await s.closed).toBe(4401);
  });

  it("closes a socket with 4401 instead of delivering once its session has ended", async () => {
    const leaving = await signUpUser(t);
    const message = await createMessage(leaving);
    await createCondition(leaving, message.id);
    const s = await subscribe(t, leaving.accessToken);
    expect((await leaving.api("/auth/v1/logout", { method: "POST" })).status).toBe(204);
    // The logout cannot check in any more; a direct write stands for any other writer (the engine).
    await t.database.db
      .update(messageConditions)
      .set({ isArmed: false })
      .where(eq(messageConditions.messageId, message.id));
    expect(await s.next()).toMatchObject({ type: "error" });
    expect(await s.closed).toBe(4401);
  });
});
