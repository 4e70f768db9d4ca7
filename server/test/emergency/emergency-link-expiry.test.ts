import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo, mailText, tick } from "../support/engine.ts";
import { engineAppWithSink } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { panicMessage, press } from "./emergency-setup.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

describe("the recipient's emergency mail", () => {
  it("says when its link stops working, as the access page does", async () => {
    const s = await panicMessage(t, { expiry_hours: 24 }, 1);
    await press(s.owner, s.messageId);
    await tick(t);
    const text = mailText(mailsTo(sink, s.recipientEmails[0]!)[0]!);
    expect(text).toMatch(
      /This link stops working on \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d:\d\d UTC\. Save anything you want to keep before then\./,
    );
  });

  it("says nothing of an end when the owner set none", async () => {
    const s = await panicMessage(t, {}, 1);
    await press(s.owner, s.messageId);
    await tick(t);
    const text = mailText(mailsTo(sink, s.recipientEmails[0]!)[0]!);
    expect(text).toContain("EMERGENCY alert from");
    expect(text).not.toMatch(/stops working|expire/i);
  });
});
