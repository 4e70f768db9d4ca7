import { randomUUID } from "node:crypto";
import type { Condition } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConditionUpdates, type ConditionNotification } from "../../src/realtime/load-condition-update.ts";
import { createCondition, createMessage } from "../support/content.ts";
import { appWithOwnerAndOther } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
beforeAll(async () => {
  ({ t, owner, other } = await appWithOwnerAndOther());
});
afterAll(() => t.close());

const notice = (id: string, messageId: string, lastChecked: string): ConditionNotification => ({
  id,
  message_id: messageId,
  old: { last_checked: lastChecked, is_armed: true, active: true },
});
const current = async (user: SignedInUser, id: string) =>
  (await (await user.api(`/api/conditions/${id}`)).json()) as Condition;

describe("a batch of notifications", () => {
  it("gives a frame per notification in their order, each to its owner, none for a deleted condition or a mismatched message", async () => {
    const myMessage = (await createMessage(owner)).id;
    const mine = (await createCondition(owner, myMessage)).id;
    const mySecond = (await createCondition(owner, (await createMessage(owner)).id)).id;
    const theirMessage = (await createMessage(other)).id;
    const theirs = (await createCondition(other, theirMessage)).id;
    const batch = [
      notice(mine, myMessage, "2026-11-29T10:00:00+00:00"),
      notice(theirs, theirMessage, "2026-11-29T10:00:01+00:00"),
      notice(randomUUID(), myMessage, "2026-11-29T10:00:02+00:00"), // deleted since
      notice(mySecond, myMessage, "2026-11-29T10:00:03+00:00"), // names another message than its own
      notice(mine, myMessage, "2026-11-29T10:00:04+00:00"),
    ];
    const all = await loadConditionUpdates({
      db: t.database.db,
      clock: t.clock,
      notifications: batch,
      wanted: () => true,
    });
    expect(all.map((f) => [f.userId, f.update.new.id, f.update.old.last_checked])).toEqual([
      [owner.id, mine, "2026-11-29T10:00:00.000Z"],
      [other.id, theirs, "2026-11-29T10:00:01.000Z"],
      [owner.id, mine, "2026-11-29T10:00:04.000Z"],
    ]);
    expect(all[0]!.update.new).toEqual(await current(owner, mine));
    expect(all[1]!.update.new).toEqual(await current(other, theirs));

    const onlyMine = await loadConditionUpdates({
      db: t.database.db,
      clock: t.clock,
      notifications: batch,
      wanted: (userId) => userId === owner.id,
    });
    expect(onlyMine.map((f) => f.userId)).toEqual([owner.id, owner.id]);
  });
});
