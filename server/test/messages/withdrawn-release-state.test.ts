import { messageState, type Message, type MessageListItem } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post } from "../support/content.ts";
import { HOUR, tick, travel } from "../support/engine.ts";
import { ownerWithMessage, startEngineTestApp } from "../support/fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startEngineTestApp(sink);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe("a message whose release the owner withdrew", () => {
  it("tells the owner its latest release was withdrawn, in the message and in the list, and reads Withdrawn", async () => {
    const { owner, messageId } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1, panic_config: { unlock_delay_hours: 2 } },
      1,
    );
    const before = (await (await owner.api(`/api/messages/${messageId}`)).json()) as Message;
    expect(before.last_release).toBeNull();

    await travel(t, HOUR);
    await tick(t);
    const released = (await (await owner.api(`/api/messages/${messageId}`)).json()) as Message;
    expect(released.last_release).toEqual({
      release_id: expect.any(String),
      released_at: expect.any(String),
      withdrawn_at: null,
    });
    expect(messageState(released, t.clock.now(), "UTC").label).toBe("Delivered");

    const res = await post(
      owner,
      `/api/messages/${messageId}/releases/${released.last_release!.release_id}/cancel`,
      {},
    );
    expect(res.status).toBe(200);

    const withdrawn = (await (await owner.api(`/api/messages/${messageId}`)).json()) as Message;
    expect(withdrawn.last_release).toEqual({ ...released.last_release, withdrawn_at: t.clock.now().toISOString() });
    expect(messageState(withdrawn, t.clock.now(), "UTC")).toMatchObject({ kind: "withdrawn", label: "Withdrawn" });

    const list = (await (await owner.api("/api/messages")).json()) as MessageListItem[];
    expect(list.find((m) => m.id === messageId)?.last_release).toEqual(withdrawn.last_release);
  });
});
