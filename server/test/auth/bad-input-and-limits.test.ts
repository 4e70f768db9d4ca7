import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, call, newEmail } from "./auth-test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every error is the GoTrue shape with a readable message, never a 500. */
function expectGoTrueError(
  res: { status: number; json: Record<string, unknown> | null },
  status: number,
  errorCode: string,
) {
  expect(res.status).toBe(status);
  expect(res.json).toMatchObject({ code: status, error_code: errorCode });
  expect(typeof res.json!.msg).toBe("string");
  expect((res.json!.msg as string).length).toBeGreaterThan(5);
}

describe("bad input to the auth API", () => {
  it("answers malformed JSON with 400 bad_json", async () => {
    for (const path of ["/signup", "/token?grant_type=password", "/recover", "/verify"]) {
      expectGoTrueError(await call(t, "POST", path, "{not json"), 400, "bad_json");
    }
  });

  it("answers a JSON body that is not an object with 400 validation_failed", async () => {
    expectGoTrueError(await call(t, "POST", "/signup", "[1,2]"), 400, "validation_failed");
    expectGoTrueError(await call(t, "POST", "/signup", '"text"'), 400, "validation_failed");
  });

  it("answers missing fields with 400 validation_failed and says what is missing", async () => {
    const noEmail = await call(t, "POST", "/signup", { password: "long enough password" });
    expectGoTrueError(noEmail, 400, "validation_failed");
    expect(noEmail.json!.msg).toContain("email");
    const noPassword = await call(t, "POST", "/signup", { email: newEmail() });
    expectGoTrueError(noPassword, 400, "validation_failed");
    expect(noPassword.json!.msg).toBe("Signup requires a valid password");
    expectGoTrueError(await call(t, "POST", "/token?grant_type=password", {}), 400, "validation_failed");
    expectGoTrueError(await call(t, "POST", "/token?grant_type=refresh_token", {}), 400, "validation_failed");
    expectGoTrueError(await call(t, "POST", "/recover", {}), 400, "validation_failed");
    expectGoTrueError(await call(t, "POST", "/verify", { type: "signup" }), 400, "validation_failed");
  });

  it("refuses a badly formed e-mail address", async () => {
    const { error } = await authClient(t).signUp({ email: "not-an-address", password: "long enough password" });
    expect(error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "Unable to validate email address: invalid format",
    });
    const recover = await call(t, "POST", "/recover", { email: "also@not" });
    expectGoTrueError(recover, 400, "validation_failed");
  });

  it("refuses a short password with 422 weak_password and the reasons", async () => {
    const res = await call(t, "POST", "/signup", { email: newEmail(), password: "short" });
    expectGoTrueError(res, 422, "weak_password");
    expect(res.json!.weak_password).toEqual({ reasons: ["length"] });
    const { error } = await authClient(t).signUp({ email: newEmail(), password: "short" });
    expect(error).toMatchObject({ name: "AuthWeakPasswordError", status: 422, reasons: ["length"] });
  });

  it("refuses an unknown grant type and an unknown endpoint in the GoTrue shape", async () => {
    expectGoTrueError(await call(t, "POST", "/token?grant_type=magic", {}), 400, "validation_failed");
    expectGoTrueError(await call(t, "GET", "/no-such-thing"), 404, "not_found");
  });

  it("answers a made-up verify token with 403 otp_expired", async () => {
    const res = await call(t, "POST", "/verify", { type: "signup", token_hash: "nope" });
    expect(res.json).toEqual({ code: 403, error_code: "otp_expired", msg: "Token has expired or is invalid" });
  });

  it("sends bad verify links back to the site with the error in the fragment", async () => {
    const res = await fetch(
      `${t.url}/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent("https://evil.example/")}`,
      { redirect: "manual" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      `${t.url}/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
  });

  it("accepts and ignores the apikey header, and works without it", async () => {
    const withKey = await call(t, "GET", "/settings", undefined, { apikey: "anything" });
    const without = await call(t, "GET", "/settings");
    expect(withKey.json).toEqual(without.json);
  });
});

describe("public endpoints", () => {
  it("GET /settings describes an e-mail-only server", async () => {
    const res = await call(t, "GET", "/settings");
    expect(res.json).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    });
  });

  it("GET /health names itself GoTrue", async () => {
    const res = await call(t, "GET", "/health");
    expect(res.json).toMatchObject({ name: "GoTrue", version: expect.any(String), description: expect.any(String) });
  });
});

describe("rate limits", () => {
  it("answer too many password attempts with 429 over_request_rate_limit", async () => {
    const email = newEmail("brute");
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 31; i++)
      last = await call(t, "POST", "/token?grant_type=password", { email, password: `guess ${i} guess` });
    expectGoTrueError(last!, 429, "over_request_rate_limit");
    // Refreshing is counted apart, so a locked-out sign-in form does not sign anyone out.
    expectGoTrueError(
      await call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: "x" }),
      400,
      "refresh_token_not_found",
    );
  });

  it("answer too many recovery requests with 429 over_email_send_rate_limit", async () => {
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 11; i++) last = await call(t, "POST", "/recover", { email: newEmail("flood") });
    expectGoTrueError(last!, 429, "over_email_send_rate_limit");
    const { error } = await authClient(t).resetPasswordForEmail(newEmail("flood"));
    expect(error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
  });

  it("answer too many sign-ups with 429 over_email_send_rate_limit", async () => {
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 31; i++) last = await call(t, "POST", "/signup", { email: "x", password: "y" });
    expectGoTrueError(last!, 429, "over_email_send_rate_limit");
  });
});
