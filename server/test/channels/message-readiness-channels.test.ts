import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recipients } from "../../src/db/schema.ts";
import { newNumber, startChannelsApp, withOwnAddress, type ChannelsTestApp } from "../support/channels.ts";
import { createCondition, createMessage, createRecipient, put, setRecipients } from "../support/content.ts";
import { engineAppWithSink } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// Readiness follows the channels this server really sends by: a recipient reached by WhatsApp is
// ready where WhatsApp goes out, and where it does not the owner reads what is off and what to do.
let c: ChannelsTestApp;
let mailOnly: TestApp;
beforeAll(async () => {
  c = await startChannelsApp();
  // A mail server and no messaging provider: WhatsApp and SMS are off (not even the local mailbox).
  ({ t: mailOnly } = await engineAppWithSink());
});
afterAll(async () => {
  await c?.close();
  await mailOnly?.close();
});

type Readiness = { id: string; ready: boolean; problems: string[] };

/** A message for one recipient, armed with a 24-hour check-in; its readiness on the page and in the list. */
async function messageFor(owner: SignedInUser, recipientId: string) {
  const message = await createMessage(owner);
  await setRecipients(owner, message.id, [recipientId]);
  await createCondition(owner, message.id);
  const page = (await (await owner.api(`/api/messages/${message.id}`)).json()) as Readiness;
  const list = (await (await owner.api("/api/messages")).json()) as Readiness[];
  return { page, listed: list.find((m) => m.id === message.id)! };
}

/** A recipient saved with these addresses and channels, whatever this server now accepts for new ones. */
async function savedRecipient(t: TestApp, owner: SignedInUser, fields: Partial<typeof recipients.$inferInsert>) {
  const r = await createRecipient(owner, { name: "Sam", email: "sam@example.com" });
  await t.database.db.update(recipients).set(fields).where(eq(recipients.id, r.id));
  return r.id;
}

describe("a message whose only recipient has only a phone number", () => {
  it("is ready on a server that sends WhatsApp, on its page and in the list", async () => {
    const owner = withOwnAddress(await signUpUser(c.t));
    const sam = await createRecipient(owner, { name: "Sam", email: null, phone: newNumber() });
    expect(sam.channels).toEqual(["whatsapp"]);
    const { page, listed } = await messageFor(owner, sam.id);
    expect(page).toMatchObject({ ready: true, problems: [] });
    expect(listed).toMatchObject({ ready: true, problems: [] });
  });

  it("is not ready on a server that does not send WhatsApp, and says what is off and what to do", async () => {
    const owner = await signUpUser(mailOnly);
    await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan" });
    // Saved while WhatsApp was configured; a new one is refused here (409).
    const sam = await savedRecipient(mailOnly, owner, { email: null, phone: "+447700900999", channels: ["whatsapp"] });
    const { page, listed } = await messageFor(owner, sam);
    const sentence =
      "Sam can be reached only by WhatsApp, which this server does not send (its operator has not set it up): add Sam's e-mail address, or Sam will not receive this message.";
    expect(page).toMatchObject({ ready: false, problems: [sentence] });
    expect(listed).toMatchObject({ ready: false, problems: [sentence] });
  });

  it("points to the e-mail address already there when only their phone channels were chosen", async () => {
    const owner = await signUpUser(mailOnly);
    const sam = await savedRecipient(mailOnly, owner, { phone: "+447700900998", channels: ["sms", "whatsapp"] });
    const { page } = await messageFor(owner, sam);
    expect(page).toMatchObject({
      ready: false,
      problems: [
        'Sam can be reached only by SMS and WhatsApp, which this server does not send (its operator has not set them up): choose E-mail under "Reach them by" for Sam, or Sam will not receive this message.',
      ],
    });
  });
});
