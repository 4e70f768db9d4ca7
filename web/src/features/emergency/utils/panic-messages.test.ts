import { describe, expect, it } from "vitest";
import { toPanicMessages } from "./panic-messages";

describe("the messages an Emergency press may send", () => {
  it("lists each message with a panic condition once, with its title, preview and recipient count", () => {
    const conditions = [{ message_id: "m1" }, { message_id: "m2" }, { message_id: "m1" }];
    const messages = [
      { id: "m2", title: "  ", preview: "Call the police", recipient_count: 1, attachment_count: 0 },
      { id: "m1", title: "Walking home", preview: "Park", recipient_count: 3, attachment_count: 2 },
    ];
    expect(toPanicMessages(conditions, messages)).toEqual([
      { id: "m1", title: "Walking home", preview: "Park", recipientCount: 3, attachmentCount: 2 },
      { id: "m2", title: "Emergency Message", preview: "Call the police", recipientCount: 1, attachmentCount: 0 },
    ]);
  });

  it("does not wait for the messages list: default title, no preview, no count", () => {
    expect(toPanicMessages([{ message_id: "m1" }], undefined)).toEqual([
      { id: "m1", title: "Emergency Message", preview: "", recipientCount: null, attachmentCount: null },
    ]);
  });
});
