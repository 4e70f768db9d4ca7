import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessage, put, post, type ApiErrorBody } from "../support/content.ts";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { json, type SignedInUser } from "../support/users.ts";

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  ({ t, owner: user } = await appWithOwner());
});
afterAll(() => t.close());

const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

describe("the edge guard on every text field", () => {
  it("refuses a NUL character in a profile name with a sentence naming the field as the form does, also under the field", async () => {
    const res = await put(user, "/api/profile", { first_name: "Ada\u0000" });
    expect(res.status).toBe(400);
    const sentence = "First Name contains a NUL character (U+0000), which cannot be stored. Remove it and try again.";
    expect(await errorOf(res)).toEqual({
      code: "validation_failed",
      message: sentence,
      fields: { first_name: sentence },
    });
  });

  it("refuses NUL in a recipient's name and note, on create and on change", async () => {
    expect((await post(user, "/api/recipients", { name: "Sam\u0000", email: "sam@example.com" })).status).toBe(400);
    const created = (await (await post(user, "/api/recipients", { name: "Sam", email: "sam@example.com" })).json()) as {
      id: string;
    };
    const res = await user.api(`/api/recipients/${created.id}`, {
      method: "PATCH",
      ...json({ note: "call\u0000 first" }),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty("note");
  });

  it("refuses a lone surrogate instead of storing a replacement character", async () => {
    const res = await put(user, "/api/profile", { last_name: "Love\ud800lace" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/lone surrogate/);
    expect(await (await user.api("/api/profile")).json()).not.toMatchObject({
      last_name: expect.stringContaining("\ufffd"),
    });
  });

  it("refuses NUL in message text too, although it would be encrypted", async () => {
    expect((await post(user, "/api/messages", { title: "For Sam", text_content: "a\u0000b" })).status).toBe(400);
  });

  it("answers an emergency press with a NUL in its deduplicationId with a 400, not a failure", async () => {
    const message = await createMessage(user);
    const res = await post(user, "/functions/v1/send-message-notifications", {
      messageId: message.id,
      isEmergency: true,
      deduplicationId: "press\u0000",
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty("deduplicationId");
  });

  it("refuses text longer than any field takes, and JSON nested too deeply", async () => {
    const long = await post(user, "/api/recipients", { name: "x".repeat(100_001), email: "a@example.com" });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toMatch(/100,001 characters long/);
    let deep: unknown = "leaf";
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const nested = await put(user, "/api/profile", { first_name: "Ada", deep });
    expect(nested.status).toBe(400);
    expect((await errorOf(nested)).message).toMatch(/nested more than 32 levels/);
  });

  it("refuses query strings and paths carrying NUL or bytes that are not UTF-8", async () => {
    expect((await user.api("/api/messages?tz=Europe%2FLondon%00")).status).toBe(400);
    const res = await user.api("/api/messages?tz=%ED%A0%80");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/not valid UTF-8/);
    expect((await user.api("/api/recipients/%FF")).status).toBe(400);
  });

  it("guards the auth service's bodies too, in its own error shape", async () => {
    const res = await fetch(`${t.url}/auth/v1/signup`, {
      method: "POST",
      ...json({ email: "nul@example.com", password: "a long pass\u0000phrase" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 400,
      error_code: "validation_failed",
      msg: expect.stringMatching(/^Password contains a NUL character/),
    });
    const deep = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
    const nested = await fetch(`${t.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"email":"deep@example.com","password":"a long passphrase","data":${deep}}`,
    });
    expect(nested.status).toBe(400);
  });
});
