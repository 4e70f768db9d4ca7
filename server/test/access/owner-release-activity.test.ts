import { ownerReleaseSchema, releaseGrantSchema } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCondition, createMessage, createRecipient, put, setRecipients } from "../support/content.ts";
import { HOUR, linkIn, mailsTo, mailText, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";
import { panicMessage, press } from "../emergency/emergency-setup.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

const releasesOf = async (user: { api: (path: string) => Promise<Response> }) =>
  z.array(ownerReleaseSchema).parse(await (await user.api("/api/releases")).json());

describe("the owner learns of every release", () => {
  it("after a missed deadline: a notice naming the message, when and to how many, and the release in the activity with delivery and first opening", async () => {
    const { owner, messageId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      2,
    );
    expect(await releasesOf(owner)).toEqual([]);
    await travel(t, HOUR);
    const releasedAt = t.clock.now();
    await tick(t);

    const notices = mailsTo(sink, owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.raw).toMatch(/^Subject: Your message 'The spare key' was released\r?$/m);
    const text = mailText(notices[0]!);
    expect(text).toMatch(/'The spare key' was released to 2 people on .+, because you did not check in in time\./);
    expect(text).toContain(
      "They can read it as soon as the link reaches them; if it cannot reach someone, we will tell you.",
    );
    expect(text).toContain(`/message/${messageId}`);

    const [release, ...others] = await releasesOf(owner);
    expect(others).toEqual([]);
    expect(release).toMatchObject({
      message_id: messageId,
      message_title: "The spare key",
      emergency: false,
      released_at: releasedAt.toISOString(),
    });
    expect(release!.grants).toHaveLength(2);
    for (const grant of release!.grants)
      expect(grant).toMatchObject({ delivery_status: "sent", delivered_at: expect.any(String), first_opened_at: null });

    // The first recipient opens the message; only their grant records it, and only the first time.
    const link = linkIn(mailsTo(sink, recipientEmails[0]!)[0]!, `${t.url}/access/message/${messageId}?t=`);
    t.clock.advance(60_000);
    const openedAt = t.clock.now().toISOString();
    await fetch(`${t.url}/api/access/${messageId}?t=${new URL(link).searchParams.get("t")}`);
    t.clock.advance(60_000);
    await fetch(`${t.url}/api/access/${messageId}?t=${new URL(link).searchParams.get("t")}`);
    const grants = (await releasesOf(owner))[0]!.grants;
    const opened = grants.filter((g) => g.first_opened_at !== null);
    expect(opened).toEqual([
      expect.objectContaining({
        first_opened_at: openedAt,
        recipient: expect.objectContaining({ email: recipientEmails[0] }),
      }),
    ]);

    // The message's own list says the same.
    const perMessage = z
      .array(releaseGrantSchema)
      .parse(await (await owner.api(`/api/messages/${messageId}/releases`)).json());
    expect(perMessage.map((g) => [g.delivery_status, g.first_opened_at !== null]).sort()).toEqual([
      ["sent", false],
      ["sent", true],
    ]);
  });

  it("after an emergency with no delay: a notice saying it was sent and that the owner hears if it cannot reach someone, and an emergency release in the activity", async () => {
    const s = await panicMessage(t, {}, 1);
    await press(s.owner, s.messageId);
    await tick(t);
    const notices = mailsTo(sink, s.owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.raw).toMatch(/^Subject: Your emergency alert 'The spare key' was sent\r?$/m);
    const text = mailText(notices[0]!);
    expect(text).toMatch(/went to 1 person on .+, when you pressed the Emergency button\./);
    expect(text).toContain(
      "They can read your message as soon as the alert reaches them; if it cannot reach someone, we will tell you.",
    );
    expect(await releasesOf(s.owner)).toEqual([
      expect.objectContaining({
        message_id: s.messageId,
        emergency: true,
        grants: [expect.objectContaining({ delivery_status: "sent" })],
      }),
    ]);
  });

  it("names a release's recipients in name order, the same order every time", async () => {
    const owner = await signUpUser(t);
    await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan", whatsapp_number: "+447700900123" });
    const message = await createMessage(owner, { title: "Help" });
    const names = ["Zoe Quinn", "Ada Byron", "Mia Wong", "kim Lee", "Bea Park"];
    const ids: string[] = [];
    for (const [i, name] of names.entries())
      ids.push((await createRecipient(owner, { name, email: `ordered${i}-${Date.now()}@example.com` })).id);
    await setRecipients(owner, message.id, ids);
    await createCondition(owner, message.id, { condition_type: "panic_trigger" });
    await press(owner, message.id);
    await tick(t);
    t.clock.advance(31_000);
    await press(owner, message.id);
    await tick(t);

    const alphabetical = ["Ada Byron", "Bea Park", "kim Lee", "Mia Wong", "Zoe Quinn"];
    const releases = (await releasesOf(owner)).filter((r) => r.message_id === message.id);
    expect(releases).toHaveLength(2);
    for (const release of releases) expect(release.grants.map((g) => g.recipient?.name)).toEqual(alphabetical);
    const perMessage = z
      .array(releaseGrantSchema)
      .parse(await (await owner.api(`/api/messages/${message.id}/releases`)).json());
    expect(perMessage.map((g) => g.recipient?.name)).toEqual([...alphabetical, ...alphabetical]);
  });

  it("shows nobody else's releases", async () => {
    const stranger = await signUpUser(t);
    expect(await releasesOf(stranger)).toEqual([]);
    expect((await fetch(`${t.url}/api/releases`)).status).toBe(401);
  });
});
