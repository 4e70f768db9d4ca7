import type { DeliveryReceipt } from "@trigger-switch/contracts";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DeliveryReceiptList, receiptWords } from "./delivery-receipts";

const base: DeliveryReceipt = {
  release_id: "r1",
  delivery_id: "d1",
  recipient_id: "p1",
  recipient_name: "Sam",
  channel: "whatsapp",
  address: "+447700900123",
  status: "failed",
  kept_locally: false,
  fallback: false,
  error: "Message undeliverable (131026)",
  permanent: true,
  attempts: 1,
  first_at: "2026-03-03T14:00:00.000Z",
  at: "2026-03-03T14:00:05.000Z",
};

describe("DeliveryReceiptList", () => {
  it("shows per recipient each channel tried, its status, the reason of a failure and the fallback", () => {
    render(
      <DeliveryReceiptList
        timeZone="Europe/London"
        receipts={[
          base,
          { ...base, channel: "sms", status: "delivered", fallback: true, error: null, permanent: false },
        ]}
      />,
    );
    const sam = screen.getByRole("list", { name: "Channels tried for Sam" });
    const rows = within(sam).getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("WhatsApp");
    expect(rows[0]).toHaveTextContent("Failed");
    expect(rows[0]).toHaveTextContent("Message undeliverable (131026)");
    expect(rows[1]).toHaveTextContent("SMS");
    expect(rows[1]).toHaveTextContent("Delivered");
    expect(rows[1]).toHaveTextContent("Used after an earlier channel failed");
  });

  it("keeps two recipients deleted since apart: one card each, under the placeholder name", () => {
    const gone = { ...base, recipient_id: null, recipient_name: "A deleted recipient", channel: "email" as const };
    render(
      <DeliveryReceiptList
        timeZone="Europe/London"
        receipts={[
          { ...gone, delivery_id: "d1", address: "ada@example.com", status: "sent" },
          { ...gone, delivery_id: "d2", address: "sam@example.com", status: "sent" },
        ]}
      />,
    );
    const cards = screen.getAllByRole("list", { name: "Channels tried for A deleted recipient" });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent("ada@example.com");
    expect(cards[1]).toHaveTextContent("sam@example.com");
  });

  it("words a status truthfully: e-mail has no delivery receipt, a temporary failure is tried again", () => {
    expect(receiptWords({ ...base, channel: "email", status: "sent" }).label).toBe("Handed to the mail server");
    expect(receiptWords({ ...base, status: "sent" }).label).toBe("Sent, not delivered yet");
    expect(receiptWords({ ...base, permanent: false }).label).toBe("Failed, trying again");
    expect(receiptWords({ ...base, status: "read" }).label).toBe("Read");
  });

  it("says a send kept in the local mailbox was kept there, not handed to a mail server nobody configured", () => {
    expect(receiptWords({ ...base, channel: "email", status: "sent", kept_locally: true }).label).toBe(
      "Kept in the local mailbox",
    );
    expect(receiptWords({ ...base, status: "sent", kept_locally: true }).label).toBe("Kept in the local mailbox");
  });
});
