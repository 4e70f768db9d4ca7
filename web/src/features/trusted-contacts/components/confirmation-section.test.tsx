import type { ConfirmationStageView } from "@trigger-switch/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatWhen } from "@/lib/format-date-time";
import { createFakeOwnerContacts, NO_STAGE } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
const HOUR = 3_600_000;
// The profile's zone (makeProfile): the stage's times are in it, like the rest of the page.
const ZONE = "Europe/London";
const SECTION = { name: "Ask trusted contacts first" };

type AddCondition = { condition_type: "no_check_in"; hours_threshold: number } | { condition_type: "panic_trigger" };

/** A message with these conditions, to Grace, and the owner's contacts over the same workspace. */
function setUp(conditions: AddCondition[] = [{ condition_type: "no_check_in", hours_threshold: 24 }]) {
  const workspace = createFakeWorkspace();
  const grace = workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
  const { id } = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: { title: "For Grace", recipient_ids: [grace.id], add_conditions: conditions },
  }).body as { id: string };
  const contacts = createFakeOwnerContacts({ workspace });
  const conditionIds = workspace.messages.find((m) => m.id === id)!.conditions.map((c) => c.id);
  const open = (width?: number) =>
    renderApp({ signedIn: true, profile: makeProfile(), path: `/message/${id}`, workspace, contacts, width });
  return { workspace, contacts, conditionIds, open };
}

const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "PUT" && c.path.endsWith("/confirmation"));

describe("“Ask trusted contacts first” on a condition", () => {
  it("says each contact is asked the way they were invited, when some were invited by SMS", async () => {
    const { contacts, open } = setUp();
    contacts.addContact("Sam Lee", "sam@example.com", "active");
    contacts.addContact("Ann Smith", "+447700900123", "active", new Date(), "sms");
    const { user } = open(375);
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    const toggle = within(section).getByRole("switch", { name: "Ask trusted contacts first" });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const who = await within(section).findByRole("group", { name: "Who to ask" });
    expect(who).toHaveTextContent("They are asked by e-mail or SMS, each the way they were invited.");
  });

  it("is off by default; turned on, it asks the contacts chosen, with the defaults, and says who is asked", async () => {
    const { contacts, conditionIds, open } = setUp();
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    const ann = contacts.addContact("Ann Smith", "ann@example.com", "invited");
    contacts.addContact("Bob Builder", "bob@example.com", "declined");
    const { user, server } = open(375);
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    const toggle = within(section).getByRole("switch", { name: "Ask trusted contacts first" });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(section).toHaveTextContent("Off: at its deadline the message goes out without anyone being asked.");

    await user.click(toggle);
    const who = await within(section).findByRole("group", { name: "Who to ask" });
    // Everyone who accepted is chosen to start with; someone invited can be chosen, and is told apart.
    expect(within(who).getByRole("checkbox", { name: /^Sam Lee/ })).toBeChecked();
    const annBox = within(who).getByRole("checkbox", { name: /^Ann Smith/ });
    expect(annBox).not.toBeChecked();
    expect(within(who).getByText("Not accepted yet: asked only once they accept")).toBeInTheDocument();
    // Declined contacts cannot be asked, so they are not offered.
    expect(within(who).queryByText("Bob Builder")).not.toBeInTheDocument();
    expect(within(section).getByLabelText("Time to answer (hours)")).toHaveValue(48);
    expect(within(section).getByLabelText("Hold period (days)")).toHaveValue(7);
    expect(within(section).getByLabelText("Holds in a row")).toHaveValue(3);
    expect(within(section).getByLabelText("Release answers needed")).toHaveValue(1);
    expect(within(section).getByText(/Default 48\./)).toBeInTheDocument();
    expect(who).toHaveTextContent("They are asked by e-mail. Your trusted contacts");

    await user.click(annBox);
    await user.click(within(section).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Trusted contacts will be asked first")).toBeInTheDocument();
    expect(puts(server.calls)).toEqual([
      {
        method: "PUT",
        path: `/api/conditions/${conditionIds[0]}/confirmation`,
        body: {
          enabled: true,
          window_hours: 48,
          hold_days: 7,
          max_holds_in_a_row: 3,
          release_answers_needed: 1,
          contact_ids: [sam.id, ann.id],
        },
      },
    ]);
    expect(
      await within(section).findByText(
        "At its deadline, Sam Lee and Ann Smith are asked first, instead of the message going out at once.",
      ),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent(
      "They have 48 hours to answer. One “They're OK” holds it for 7 days, at most 3 times in a row. One “I can't reach them” sends it at once.",
    );
    expect(section).toHaveTextContent("Ann Smith has not accepted yet: only contacts who accepted are asked.");
    expect(within(section).getByRole("switch", { name: "Ask trusted contacts first" })).toBeChecked();
  });

  it("checks the bounds first, and shows the server's field error next to the field it is about", async () => {
    const { contacts, open } = setUp();
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    const { user, server } = open();
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    const toggle = within(section).getByRole("switch", { name: "Ask trusted contacts first" });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const window = await within(section).findByLabelText("Time to answer (hours)");
    await user.clear(window);
    await user.type(window, "5");
    await user.click(within(section).getByRole("button", { name: "Save" }));
    expect(
      await within(section).findByText("Choose a confirmation window from 6 hours to 14 days."),
    ).toBeInTheDocument();
    expect(window).toHaveAttribute("aria-invalid", "true");
    expect(puts(server.calls)).toHaveLength(0);

    await user.clear(window);
    await user.type(window, "24");
    // Sam was removed in another tab meanwhile: the server refuses, under the contacts.
    contacts.contacts.find((c) => c.id === sam.id)!.state = "removed";
    await user.click(within(section).getByRole("button", { name: "Save" }));
    const who = within(section).getByRole("group", { name: "Who to ask" });
    expect(await within(who).findByText("Choose at least one of your trusted contacts")).toBeInTheDocument();
    expect(puts(server.calls)).toHaveLength(1);
    expect(
      within(section).queryByText("Choose a confirmation window from 6 hours to 14 days."),
    ).not.toBeInTheDocument();
  });

  it("turns off only once saved, after saying what that means", async () => {
    const { contacts, conditionIds, open } = setUp();
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    contacts.setConfirmation(conditionIds[0]!, [sam.id]);
    const { user, server } = open();
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    expect(
      await within(section).findByText(
        "At its deadline, Sam Lee is asked first, instead of the message going out at once.",
      ),
    ).toBeInTheDocument();

    await user.click(within(section).getByRole("switch", { name: "Ask trusted contacts first" }));
    expect(section).toHaveTextContent(
      "Once you save, your contacts are no longer asked: when its deadline comes, this condition sends the message without asking anyone.",
    );
    expect(puts(server.calls)).toHaveLength(0);
    await user.click(within(section).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Trusted contacts will not be asked")).toBeInTheDocument();
    expect(puts(server.calls).map((c) => c.body)).toEqual([
      {
        enabled: false,
        window_hours: 48,
        hold_days: 7,
        max_holds_in_a_row: 3,
        release_answers_needed: 1,
        contact_ids: [],
      },
    ]);
    expect(await within(section).findByText(/^Off: at its deadline/)).toBeInTheDocument();
  });

  it("offers the way to the trusted contacts page when there is nobody to ask", async () => {
    const { open } = setUp();
    const { user } = open();
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    const toggle = within(section).getByRole("switch", { name: "Ask trusted contacts first" });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const link = await within(section).findByRole("link", { name: "Invite someone on the Trusted contacts page" });
    expect(link).toHaveAttribute("href", "/trusted-contacts");
    expect(within(section).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
  });

  it("says where the stage stands, with its times in the owner's zone", async () => {
    const { contacts, conditionIds, open } = setUp([
      { condition_type: "no_check_in", hours_threshold: 24 },
      { condition_type: "no_check_in", hours_threshold: 48 },
      { condition_type: "no_check_in", hours_threshold: 72 },
      { condition_type: "no_check_in", hours_threshold: 96 },
      { condition_type: "no_check_in", hours_threshold: 120 },
      { condition_type: "no_check_in", hours_threshold: 144 },
      { condition_type: "no_check_in", hours_threshold: 168 },
    ]);
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    const ann = contacts.addContact("Ann Smith", "ann@example.com", "active");
    const until = new Date(Date.now() + 30 * HOUR).toISOString();
    const closedAt = new Date(Date.now() - 2 * HOUR).toISOString();
    const stages: Partial<ConfirmationStageView>[] = [
      { status: "asking", until, asked: 2, answered: 1 },
      { status: "held", until, asked: 2, answered: 1, held_by: "Sam Lee", holds_in_a_row: 1 },
      { status: "held", until, asked: 2, answered: 1, held_by: "Ann Smith", holds_in_a_row: 3 },
      // Recorded before the server kept when a stage closed: only how it ended.
      { status: "released", asked: 2, answered: 1 },
      { status: "closed_by_check_in", asked: 2 },
      { status: "released", asked: 2, answered: 1, closed_at: closedAt },
      { status: "closed_by_check_in", asked: 2, closed_at: closedAt },
    ];
    stages.forEach((stage, i) => {
      contacts.setConfirmation(conditionIds[i]!, [sam.id, ann.id]);
      contacts.stages.set(conditionIds[i]!, { ...NO_STAGE, ...stage });
    });
    open();
    await screen.findAllByRole("region", SECTION, AFTER_GUARD);
    const when = formatWhen(new Date(until), new Date(), ZONE);
    expect(
      await screen.findByText(
        `Waiting for your contacts until ${when} — 1 of 2 answered “I can't reach them — release”. Check in to stop it.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Held by Sam Lee until ${when}. If you have not checked in by then, your contacts are asked again.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Held by Ann Smith until ${when}. That was the last hold in a row: if you have not checked in by then, the message goes out without asking.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Last time your contacts were asked, the message was sent.")).toBeInTheDocument();
    expect(
      screen.getByText("Last time your contacts were asked, you checked in and nothing was sent."),
    ).toBeInTheDocument();
    const closed = formatWhen(new Date(closedAt), new Date(), ZONE);
    expect(screen.getByText(`The message was sent ${closed}, after your contacts were asked.`)).toBeInTheDocument();
    expect(
      screen.getByText(`Your contacts were asked; you checked in ${closed} and nothing was sent.`),
    ).toBeInTheDocument();
  });

  it("is not offered for the emergency button, which never waits for anyone", async () => {
    const { open } = setUp([{ condition_type: "panic_trigger" }]);
    const { server } = open();
    const conditions = await screen.findByRole("list", { name: "Conditions" }, AFTER_GUARD);
    expect(within(conditions).getByText("Emergency button")).toBeInTheDocument();
    expect(screen.queryByRole("region", SECTION)).not.toBeInTheDocument();
    // The message's own "Trusted contacts who may ask for this message" is about the message, not its conditions.
    expect(within(conditions).queryByText(/trusted contacts/i)).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.path.includes("/confirmation"))).toBe(false);
  });
});
