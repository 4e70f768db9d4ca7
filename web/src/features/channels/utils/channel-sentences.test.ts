import type { ChannelsInfo } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { messagingWords } from "./channel-sentences";

const uses = (on: boolean) => ({
  check_in: on,
  verification: on,
  owner_reminders: on,
  deliveries: on,
  trusted_contacts: on,
});
const localMode: ChannelsInfo = {
  email: { available: true, transport: "outbox" },
  whatsapp: {
    available: false,
    local: true,
    missing: ["WHATSAPP_PHONE_NUMBER_ID"],
    uses: { ...uses(false), deliveries: true },
  },
  sms: {
    available: false,
    local: true,
    missing: ["TWILIO_ACCOUNT_SID"],
    uses: { ...uses(false), deliveries: true },
    from: null,
  },
};

describe("messagingWords", () => {
  it("in local mode promises deliveries by message but names no outside messaging provider", () => {
    const words = messagingWords(localMode);
    expect(words.deliverBy).toBe("WhatsApp or SMS");
    expect(words.remindBy).toBeNull();
    expect(words.providers).toBe("");
    expect(words.anyMessaging).toBe(false);
  });

  it("with WhatsApp configured names Meta and says reminders and deliveries go by WhatsApp", () => {
    const words = messagingWords({
      ...localMode,
      whatsapp: { available: true, local: false, missing: [], uses: uses(true) },
      sms: { ...localMode.sms, local: false, uses: uses(false) },
    });
    expect(words).toMatchObject({
      checkInBy: "WhatsApp",
      remindBy: "WhatsApp",
      deliverBy: "WhatsApp",
      anyMessaging: true,
      providers: "Meta (WhatsApp)",
    });
  });

  it("reads as e-mail only while the answer is unknown", () => {
    expect(messagingWords(undefined)).toMatchObject({
      checkInBy: null,
      remindBy: null,
      deliverBy: null,
      anyMessaging: false,
    });
  });
});
