import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, call, mailsTo, newEmail, waitForMail } from "./auth-test-helpers.ts";

// Confirmations on (no autoconfirm), mail kept in the outbox the helpers read.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";
let clients = 0;
// Each test from its own client address, clear of the route's per-address request limit.
const from = () => ({ "x-forwarded-for": `10.9.${Math.floor(++clients / 250)}.${clients % 250}` });
const resend = (email: string) => call(t, "POST", "/resend", { type: "signup", email }, from());

describe("resending the confirmation link", () => {
  it("sends a new link at once when asked in the first minute after signing up: its {} is true", async () => {
    const email = newEmail("resend-early");
    await authClient(t).signUp({ email, password });
    await waitForMail(t, email, "Confirm your Trigger Switch account", 15_000);
    t.clock.advance(10_000);
    expect(await resend(email)).toMatchObject({ status: 200, json: {} });
    await expect.poll(async () => (await mailsTo(t, email)).length, { timeout: 15_000 }).toBe(2);
  });

  it("answers a second request within a minute with 429 and the wait, sends nothing, and takes one after it", async () => {
    const email = newEmail("resend-twice");
    await authClient(t).signUp({ email, password });
    await waitForMail(t, email, "Confirm your Trigger Switch account", 15_000);
    expect((await resend(email)).status).toBe(200);
    await expect.poll(async () => (await mailsTo(t, email)).length, { timeout: 15_000 }).toBe(2);
    t.clock.advance(20_000);
    expect(await resend(email)).toMatchObject({
      status: 429,
      json: {
        error_code: "over_email_send_rate_limit",
        msg: "For security purposes, you can only request this after 40 seconds.",
      },
    });
    // auth-js hands the web app the same.
    const { error } = await authClient(t).resend({ type: "signup", email });
    expect(error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    t.clock.advance(40_000);
    expect((await resend(email)).status).toBe(200);
    await expect.poll(async () => (await mailsTo(t, email)).length, { timeout: 15_000 }).toBe(3);
  });

  it("answers an unknown address exactly like a known one, the wait included", async () => {
    const nobody = newEmail("resend-nobody");
    expect(await resend(nobody)).toMatchObject({ status: 200, json: {} });
    t.clock.advance(20_000);
    expect(await resend(nobody)).toMatchObject({
      status: 429,
      json: { msg: "For security purposes, you can only request this after 40 seconds." },
    });
    expect(await mailsTo(t, nobody)).toEqual([]);
  });
});
