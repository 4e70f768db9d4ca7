import type { ChannelsInfo, RecipientChannel } from "@trigger-switch/contracts";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { channelBlocker } from "../utils/channel-blocker";
import { RecipientChannelPicker } from "./recipient-channel-picker";

const uses = { check_in: true, verification: true, owner_reminders: true, deliveries: true, trusted_contacts: true };
const on: ChannelsInfo = {
  email: { available: true, transport: "smtp" },
  whatsapp: { available: true, local: false, missing: [], uses },
  sms: { available: true, local: false, missing: [], uses, from: "+15005550006" },
};
const smsOff: ChannelsInfo = {
  ...on,
  sms: {
    available: false,
    local: false,
    missing: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"],
    uses: { ...uses, deliveries: false },
    from: null,
  },
};

function Harness({ start, info = on, plan }: { start: RecipientChannel[]; info?: ChannelsInfo; plan?: string[] }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <RecipientChannelPicker value={value} onChange={setValue} info={info} planChannels={plan} />
      <output>{value.join(",")}</output>
    </>
  );
}

describe("RecipientChannelPicker", () => {
  it("keeps the order they are chosen in, and moves one up", () => {
    render(<Harness start={["email"]} />);
    fireEvent.click(screen.getByLabelText("SMS"));
    fireEvent.click(screen.getByLabelText("WhatsApp"));
    expect(screen.getByRole("status")).toHaveTextContent("email,sms,whatsapp");
    fireEvent.click(screen.getByRole("button", { name: "Try WhatsApp before SMS" }));
    expect(screen.getByRole("status")).toHaveTextContent("email,whatsapp,sms");
    expect(
      screen.getByText("If E-mail cannot reach them, the next one is tried, and you are told."),
    ).toBeInTheDocument();
  });

  it("offers only what this server has and the plan includes, saying why", () => {
    render(<Harness start={["email"]} info={smsOff} plan={["email"]} />);
    expect(screen.getByLabelText("SMS")).toBeDisabled();
    expect(screen.getByLabelText("WhatsApp")).toBeDisabled();
    expect(
      screen.getByText("SMS is not available on this server: whoever runs it has not set it up."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/TWILIO_/)).not.toBeInTheDocument();
    expect(screen.getByText("WhatsApp is not part of your plan.")).toBeInTheDocument();
    expect(channelBlocker("whatsapp", undefined, undefined)).toBeNull();
  });

  it("names the missing settings to an admin only", () => {
    expect(channelBlocker("sms", smsOff, undefined, true)).toBe(
      "SMS is not available on this server (the operator has not set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM).",
    );
    expect(channelBlocker("sms", smsOff, undefined)).not.toMatch(/TWILIO_/);
  });
});
