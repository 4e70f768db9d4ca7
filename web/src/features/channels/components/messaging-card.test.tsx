import type { OwnerChannels } from "@trigger-switch/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakePush } from "@/testing/fake-push";
import { makeProfile } from "@/testing/fakes";
import { channelsOff, renderApp } from "@/testing/render-app";

// The guard holds every page for 500 ms, and the machine is shared: give it room.
const AFTER_GUARD = { timeout: 5000 };
const on = {
  available: true,
  local: false,
  missing: [],
  uses: { check_in: true, verification: true, owner_reminders: false, deliveries: false, trusted_contacts: false },
};
const channelsOn = { ...channelsOff, whatsapp: on, sms: { ...on, from: "+15005550006" } };
const base: OwnerChannels = {
  number: "+447700900123",
  verified: null,
  pending: null,
  resend_at: null,
  reminder_channels: ["email"],
};
const pending = {
  channel: "whatsapp" as const,
  sent_at: "2026-03-01T12:00:00Z",
  expires_at: "2099-03-01T12:10:00Z",
  attempts_left: 5,
  delivery: "delivered" as const,
  delivery_error: null,
};

describe("the profile's messaging card", () => {
  it("says plainly that WhatsApp and SMS are off on this server, without the operator's setting names", async () => {
    renderApp({ path: "/profile", signedIn: true, profile: makeProfile() });
    expect(
      await screen.findByText(/WhatsApp and SMS are not set up on this server/, {}, AFTER_GUARD),
    ).toBeInTheDocument();
    expect(screen.getByText("Whoever runs this service can turn them on.")).toBeInTheDocument();
    expect(screen.queryByText(/WHATSAPP_PHONE_NUMBER_ID|TWILIO_/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/WhatsApp — off on this server/)).toBeDisabled();
    expect(screen.getByText(/This server sends reminders by e-mail only for now/)).toBeInTheDocument();
  });

  it("tells an admin which settings turn WhatsApp and SMS on", async () => {
    renderApp({ path: "/profile", signedIn: true, profile: makeProfile(), isAdmin: true });
    expect(await screen.findByText(/WHATSAPP_PHONE_NUMBER_ID/, {}, AFTER_GUARD)).toHaveTextContent(
      "The operator can turn them on by setting WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (see the README).",
    );
  });

  // Three round trips of typing and clicking can outlast the default timeout on a busy machine.
  it(
    "sends a code by WhatsApp, takes a wrong one with the server's words, then verifies",
    { timeout: 20_000 },
    async () => {
      let owner: OwnerChannels = base;
      const codes: string[] = [];
      const { user } = renderApp({
        path: "/profile",
        signedIn: true,
        profile: makeProfile(),
        api: {
          "GET /api/channels": () => ({ body: channelsOn }),
          "GET /api/profile/channels": () => ({ body: owner }),
          "POST /api/profile/channels/code": () => {
            owner = { ...owner, pending };
            return { body: owner };
          },
          "POST /api/profile/channels/verify": ({ body }) => {
            const code = (body as { code: string }).code;
            codes.push(code);
            if (code !== "123456")
              return {
                status: 400,
                body: {
                  error: {
                    code: "validation_failed",
                    message: "That code is not right. 4 tries left.",
                    fields: { code: "That code is not right. 4 tries left." },
                  },
                },
              };
            owner = { ...owner, pending: null, verified: { via: "whatsapp", at: "2026-03-01T12:01:00Z" } };
            return { body: owner };
          },
        },
      });
      await user.click(await screen.findByRole("button", { name: "Send a code by WhatsApp" }, AFTER_GUARD));
      expect(await screen.findByText(/We sent a 6-digit code by WhatsApp to \+447700900123/)).toBeInTheDocument();
      expect(screen.getByText("Delivered to your phone.")).toBeInTheDocument();

      await user.type(screen.getByLabelText("Code"), "12 34");
      await user.click(screen.getByRole("button", { name: "Verify number" }));
      expect(await screen.findByText("Enter the 6 digits of the code.")).toBeInTheDocument();
      expect(codes).toEqual([]);

      await user.clear(screen.getByLabelText("Code"));
      await user.type(screen.getByLabelText("Code"), "654321");
      await user.click(screen.getByRole("button", { name: "Verify number" }));
      expect(await screen.findByText("That code is not right. 4 tries left.")).toBeInTheDocument();

      await user.clear(screen.getByLabelText("Code"));
      await user.type(screen.getByLabelText("Code"), "123 456");
      await user.click(screen.getByRole("button", { name: "Verify number" }));
      expect(await screen.findByText("Verified")).toBeInTheDocument();
      expect(codes).toEqual(["654321", "123456"]);
      expect(screen.getByText(/SMS to \+15005550006/)).toBeInTheDocument();
      expect(screen.getByLabelText("WhatsApp")).toBeEnabled();
    },
  );

  it(
    "shows a code that could not be delivered, and goes back to sending after an expired one",
    { timeout: 20_000 },
    async () => {
      let owner: OwnerChannels = {
        ...base,
        pending: { ...pending, delivery: "failed", delivery_error: "Message undeliverable" },
      };
      const { user } = renderApp({
        path: "/profile",
        signedIn: true,
        profile: makeProfile(),
        api: {
          "GET /api/channels": () => ({ body: channelsOn }),
          "GET /api/profile/channels": () => ({ body: owner }),
          "POST /api/profile/channels/verify": () => {
            owner = { ...owner, pending: null };
            return {
              status: 400,
              body: {
                error: {
                  code: "validation_failed",
                  message: "This code has expired. Ask for a new one.",
                  fields: { code: "This code has expired. Ask for a new one." },
                },
              },
            };
          },
        },
      });
      expect(
        await screen.findByText("It could not be delivered: Message undeliverable.", {}, AFTER_GUARD),
      ).toBeInTheDocument();
      await user.type(screen.getByLabelText("Code"), "123456");
      await user.click(screen.getByRole("button", { name: "Verify number" }));
      expect(await screen.findByText("This code has expired. Ask for a new one.")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Send a code by SMS" })).toBeInTheDocument();
    },
  );

  it("shows WhatsApp and SMS reminders disabled on the Free plan, saying why, as the recipient dialog does", async () => {
    const plan = (id: "free" | "plus") => ({
      id,
      name: id === "free" ? "Free" : "Plus",
      max_messages: 3,
      max_recipients: 5,
      max_attachments_per_message: 3,
      max_attachment_bytes: 10 * 1024 * 1024,
      min_check_in_minutes: 1440,
      channels: id === "free" ? ["email"] : ["email", "whatsapp", "sms"],
      prices: [],
    });
    const changes: unknown[] = [];
    const { user } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/channels": () => ({ body: channelsOn }),
        "GET /api/profile/channels": () => ({
          body: { ...base, verified: { via: "whatsapp", at: "2026-03-01T12:01:00Z" } },
        }),
        "GET /api/billing": () => ({
          body: {
            billing_enabled: true,
            plan: "free",
            plans: [plan("free"), plan("plus")],
            usage: { messages: 0, recipients: 0, max_attachments_on_a_message: 0, short_interval_switches: 0 },
            subscription: null,
            over_limit: [],
            server_channels: ["email", "whatsapp", "sms"],
            channel_changes: [],
          },
        }),
        "PUT /api/profile/channels/reminders": ({ body }) => {
          changes.push(body);
          return { status: 403, body: { error: { code: "plan_limit", message: "Plan limit reached" } } };
        },
      },
    });
    const whatsapp = await screen.findByLabelText("WhatsApp — not part of your Free plan", {}, AFTER_GUARD);
    expect(whatsapp).toBeDisabled();
    expect(screen.getByLabelText("SMS — not part of your Free plan")).toBeDisabled();
    await user.click(whatsapp);
    expect(changes).toEqual([]);
  });

  it("offers push reminders once a device has notifications on, and says why before", async () => {
    const push = createFakePush({ available: true });
    const first = renderApp({ path: "/profile", signedIn: true, profile: makeProfile(), push });
    expect(
      await screen.findByLabelText(
        "Push notifications — turn on notifications on a device first (Security, below)",
        {},
        AFTER_GUARD,
      ),
    ).toBeDisabled();
    expect(
      screen.getByText(/This server sends reminders by e-mail and push notifications for now/),
    ).toBeInTheDocument();
    first.unmount();

    push.addDevice("Ada's phone");
    const changes: unknown[] = [];
    const { user } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile(),
      push,
      api: {
        "PUT /api/profile/channels/reminders": ({ body }) => {
          changes.push(body);
          return { body: { ...base, reminder_channels: ["email", "push"] } };
        },
      },
    });
    const choice = await screen.findByLabelText("Push notifications", {}, AFTER_GUARD);
    expect(choice).toBeEnabled();
    await user.click(choice);
    expect(changes).toEqual([{ channels: ["email", "push"] }]);
    await waitFor(() => expect(choice).toBeChecked());
  });

  it("says push is off when this server does not send it", async () => {
    renderApp({ path: "/profile", signedIn: true, profile: makeProfile() });
    expect(await screen.findByLabelText("Push notifications — off on this server", {}, AFTER_GUARD)).toBeDisabled();
  });
});
