import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import { createMessage, createRecipient, patch, post, setRecipients, type ApiErrorBody } from "../support/content.ts";

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  ({ t, owner } = await appWithOwner());
});
afterAll(() => t.close());

const fieldsOf = async (res: Response) => {
  expect(res.status).toBe(400);
  return ((await res.json()) as ApiErrorBody).error.fields!;
};

describe("recipients", () => {
  it("saves a recipient with a normalised phone and channels defaulting to the addresses given", async () => {
    const res = await post(owner, "/api/recipients", {
      name: " Ann ",
      email: " ann@example.com ",
      phone: "+44 7700 900-123",
      note: "My sister",
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      name: "Ann",
      email: "ann@example.com",
      phone: "+447700900123",
      channels: ["email", "whatsapp"],
      note: "My sister",
    });
  });

  it("keeps the preferred channel order given", async () => {
    const r = await createRecipient(owner, { phone: "+14155550100", channels: ["sms", "email", "whatsapp"] });
    expect(r.channels).toEqual(["sms", "email", "whatsapp"]);
  });

  it("explains what is missing, field by field", async () => {
    expect((await fieldsOf(await post(owner, "/api/recipients", { name: "Ann" }))).email).toMatch(
      /e-mail address or a phone number/,
    );
    expect(
      (
        await fieldsOf(
          await post(owner, "/api/recipients", { name: "Ann", email: "ann@example.com", channels: ["sms"] }),
        )
      ).phone,
    ).toMatch(/phone number/);
    expect(
      (await fieldsOf(await post(owner, "/api/recipients", { name: "Ann", phone: "07700 900123" }))).phone,
    ).toMatch(/international format/);
    expect(
      (
        await fieldsOf(
          await post(owner, "/api/recipients", { name: "Ann", email: "a@example.com", note: "x".repeat(1001) }),
        )
      ).note,
    ).toMatch(/1000/);
    expect(
      (
        await fieldsOf(
          await post(owner, "/api/recipients", { name: "Ann", email: "a@example.com", channels: ["pigeon"] }),
        )
      )["channels.0"],
    ).toMatch(/email, whatsapp and sms/);
  });

  it("checks a change against what is already stored", async () => {
    const r = await createRecipient(owner, {
      name: "Cam",
      email: "cam@example.com",
      phone: "+447700900555",
      channels: ["email", "whatsapp"],
    });
    expect((await fieldsOf(await patch(owner, `/api/recipients/${r.id}`, { phone: "" }))).phone).toMatch(
      /remove the whatsapp/,
    );
    const ok = await patch(owner, `/api/recipients/${r.id}`, { phone: "", channels: ["email"] });
    expect(await ok.json()).toMatchObject({ phone: null, channels: ["email"] });
  });

  it("refuses a second recipient with an address another one has, naming who has it", async () => {
    const user = await signUpUser(t);
    const grace = await createRecipient(user, {
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "+447700900777",
    });

    const sameEmail = await post(user, "/api/recipients", { name: "G. Hopper", email: "Grace@Example.com" });
    expect(sameEmail.status).toBe(409);
    const byEmail = ((await sameEmail.json()) as ApiErrorBody).error;
    expect(byEmail.code).toBe("conflict");
    expect(byEmail.message).toBe(
      "Grace Hopper already has this e-mail address. Choose Grace Hopper for your messages instead, or enter another address.",
    );
    expect(byEmail.fields).toEqual({ email: byEmail.message });

    const samePhone = await post(user, "/api/recipients", { name: "Her phone", phone: "+44 7700 900777" });
    expect(samePhone.status).toBe(409);
    expect(((await samePhone.json()) as ApiErrorBody).error.fields?.phone).toMatch(
      /^Grace Hopper already has this phone number\./,
    );

    // Changing another recipient to her address is refused too; keeping one's own address is not.
    const ada = await createRecipient(user, { name: "Ada", email: "ada@example.com" });
    expect((await patch(user, `/api/recipients/${ada.id}`, { email: "grace@example.com" })).status).toBe(409);
    expect(
      (await patch(user, `/api/recipients/${grace.id}`, { email: "GRACE@example.com", note: "Sister" })).status,
    ).toBe(200);
    // Another owner's address book is theirs.
    expect((await post(owner, "/api/recipients", { name: "Grace", email: "grace@example.com" })).status).toBe(201);
    const names = ((await (await user.api("/api/recipients")).json()) as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(["Ada", "Grace Hopper"]);
  });

  it("lists them by name", async () => {
    const user = await signUpUser(t);
    await createRecipient(user, { name: "Zoe" });
    await createRecipient(user, { name: "Abe" });
    expect(((await (await user.api("/api/recipients")).json()) as { name: string }[]).map((r) => r.name)).toEqual([
      "Abe",
      "Zoe",
    ]);
  });

  it("deleting one removes it from messages and says which", async () => {
    const m = await createMessage(owner, { title: "Letter" });
    const r = await createRecipient(owner, { name: "Dee" });
    await setRecipients(owner, m.id, [r.id]);
    const res = await owner.api(`/api/recipients/${r.id}`, { method: "DELETE" });
    expect(await res.json()).toEqual({
      removed_from_messages: [{ id: m.id, title: "Letter" }],
      disarmed_conditions: [],
    });
    expect(((await (await owner.api(`/api/messages/${m.id}`)).json()) as { recipients: unknown[] }).recipients).toEqual(
      [],
    );
  });

  // The plan's recipient limit: test/billing/plan-limits.test.ts.
});
