import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, call, mailsTo, newEmail, waitForMail } from "./auth-test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  // Each sign-in comes from its own client address, so the per-IP limits (tested elsewhere) stay out of the way.
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", TRUST_PROXY: "true" });
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let clients = 0;
/** A new client address for X-Forwarded-For. */
const from = () => ({ "x-forwarded-for": `10.1.${Math.floor(++clients / 250)}.${clients % 250}` });

/** A password sign-in from a given browser (User-Agent); returns its tokens and the cookie that remembers it. */
async function signInAs(email: string, userAgent: string, cookie?: string) {
  const res = await call(
    t,
    "POST",
    "/token?grant_type=password",
    { email, password },
    { "user-agent": userAgent, ...from(), ...(cookie ? { cookie } : {}) },
  );
  return { ...res, access: res.json?.access_token as string, cookie: res.headers.get("set-cookie")?.split(";")[0] };
}

async function account() {
  const email = newEmail("sessions");
  expect((await call(t, "POST", "/signup", { email, password }, from())).status).toBe(200);
  return email;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe("the account's sessions", () => {
  it("lists each live session with its device, created and last used, marking the current one", async () => {
    const email = await account();
    const laptop = await signInAs(email, FIREFOX);
    await signInAs(email, SAFARI_IPHONE);
    const list = await call(t, "GET", "/user/sessions", undefined, auth(laptop.access));
    expect(list.status).toBe(200);
    const sessions = list.json as unknown as {
      device: string;
      current: boolean;
      created_at: string;
      last_used_at: string;
      ip: string;
    }[];
    expect(sessions.map((s) => s.device).sort()).toEqual(["Firefox on Windows", "Safari on iPhone"]);
    expect(sessions.find((s) => s.current)!.device).toBe("Firefox on Windows");
    expect(sessions[0]!.created_at).toBe(t.clock.now().toISOString());
    expect(sessions[0]!.ip).toMatch(/^10\.1\./);
  });

  it("ends another session: its tokens stop working at once; someone else's session cannot be ended", async () => {
    const email = await account();
    const laptop = await signInAs(email, FIREFOX);
    const phone = await signInAs(email, SAFARI_IPHONE);
    const phoneId = (
      (await call(t, "GET", "/user/sessions", undefined, auth(phone.access))).json as unknown as {
        id: string;
        current: boolean;
      }[]
    ).find((s) => s.current)!.id;

    const stranger = await account();
    const strangerSession = await signInAs(stranger, FIREFOX);
    expect((await call(t, "DELETE", `/user/sessions/${phoneId}`, undefined, auth(strangerSession.access))).status).toBe(
      404,
    );
    expect((await call(t, "GET", "/user", undefined, auth(phone.access))).status).toBe(200);

    expect((await call(t, "DELETE", `/user/sessions/${phoneId}`, undefined, auth(laptop.access))).status).toBe(204);
    expect((await call(t, "GET", "/user", undefined, auth(phone.access))).status).toBe(403);
    expect((await fetch(`${t.url}/api/profile`, { headers: auth(phone.access) })).status).toBe(401);
    expect((await call(t, "DELETE", `/user/sessions/${phoneId}`, undefined, auth(laptop.access))).status).toBe(404);
    expect((await call(t, "DELETE", `/user/sessions/not-an-id`, undefined, auth(laptop.access))).status).toBe(404);
  });

  it("ends all other sessions with logout scope=others and logs it", async () => {
    const email = await account();
    const laptop = await signInAs(email, FIREFOX);
    const phone = await signInAs(email, SAFARI_IPHONE);
    expect((await call(t, "POST", "/logout?scope=others", undefined, auth(laptop.access))).status).toBe(204);
    expect((await call(t, "GET", "/user", undefined, auth(phone.access))).status).toBe(403);
    const log = (await call(t, "GET", "/user/security-log", undefined, auth(laptop.access))).json as unknown as {
      kind: string;
    }[];
    expect(log[0]!.kind).toBe("other_sessions_ended");
  });
});

describe("the security log and its e-mails", () => {
  it("records sign-ins, failed sign-ins and password changes, newest first", async () => {
    const email = await account();
    const first = await signInAs(email, FIREFOX);
    await call(
      t,
      "POST",
      "/token?grant_type=password",
      { email, password: "not the password" },
      { "user-agent": SAFARI_IPHONE, ...from() },
    );
    const changed = await call(
      t,
      "PUT",
      "/user",
      { password: "a brand new secret" },
      { ...auth(first.access), "user-agent": FIREFOX },
    );
    expect(changed.status).toBe(200);
    const log = (await call(t, "GET", "/user/security-log", undefined, auth(first.access))).json as unknown as {
      kind: string;
      device: string;
      detail: Record<string, string>;
    }[];
    expect(log.map((e) => e.kind)).toEqual(["password_changed", "sign_in_failed", "sign_in"]);
    expect(log[1]).toMatchObject({ device: "Safari on iPhone", detail: { reason: "wrong_password" } });
    expect(log[2]).toMatchObject({ device: "Firefox on Windows", detail: { method: "password" } });
    await waitForMail(t, email, "Your Trigger Switch password was changed");
  });

  it("e-mails a sign-in from a browser the account has not used before, and not a repeat from a known one", async () => {
    const email = await account();
    await signInAs(email, FIREFOX);
    await signInAs(email, FIREFOX);
    await new Promise((r) => setTimeout(r, 200));
    expect(
      (await mailsTo(t, email)).filter((m) => m.subject === "New sign-in to your Trigger Switch account"),
    ).toHaveLength(0);
    await signInAs(email, SAFARI_IPHONE);
    const mail = await waitForMail(t, email, "New sign-in to your Trigger Switch account");
    expect(mail.text).toContain("Safari on iPhone");
  });

  it("shows only the caller's own log", async () => {
    const mine = await account();
    const theirs = await account();
    await signInAs(theirs, SAFARI_IPHONE);
    const me = await signInAs(mine, FIREFOX);
    const log = (await call(t, "GET", "/user/security-log", undefined, auth(me.access))).json as unknown as {
      device: string;
    }[];
    expect(log.every((e) => e.device === "Firefox on Windows")).toBe(true);
  });
});

describe("changing the password in the profile", () => {
  it("needs the current password unless the session signed in within the last 5 minutes", async () => {
    const email = await account();
    const session = await signInAs(email, FIREFOX);
    t.clock.advance(6 * 60_000);
    const bare = await call(t, "PUT", "/user", { password: "a brand new secret" }, auth(session.access));
    expect(bare.status).toBe(400);
    expect(bare.json!.error_code).toBe("reauthentication_needed");
    const wrong = await call(
      t,
      "PUT",
      "/user",
      { password: "a brand new secret", current_password: "nope nope nope" },
      auth(session.access),
    );
    expect(wrong.json!.error_code).toBe("current_password_mismatch");
    const right = await call(
      t,
      "PUT",
      "/user",
      { password: "a brand new secret", current_password: password },
      auth(session.access),
    );
    expect(right.status).toBe(200);
  });
});

describe("wrong passwords for one account (audit: 40 addresses, 40 guesses)", () => {
  it("back off per address from any client, but a browser that signed in before is let through", async () => {
    const email = await account();
    const known = await signInAs(email, FIREFOX);
    expect(known.cookie).toMatch(/^ts_device=/);
    expect(known.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Strict/);

    const guesses = [];
    for (let i = 0; i < 8; i++) {
      guesses.push(await call(t, "POST", "/token?grant_type=password", { email, password: `guess ${i}` }, from()));
    }
    expect(guesses.slice(0, 5).map((g) => g.status)).toEqual([400, 400, 400, 400, 400]);
    expect(guesses.slice(5).map((g) => g.status)).toEqual([429, 429, 429]);
    expect(guesses[5]!.json!.msg).toMatch(
      /Too many wrong passwords for this address\. Try again in 30 seconds, or reset your password by e-mail/,
    );

    // Even the right password waits, from a new browser…
    expect((await signInAs(email, SAFARI_IPHONE)).status).toBe(429);
    // …but not from the owner's own browser.
    expect((await signInAs(email, FIREFOX, known.cookie)).status).toBe(200);
    // The back-off ends by itself.
    t.clock.advance(31_000);
    expect((await signInAs(email, SAFARI_IPHONE)).status).toBe(200);
  });

  it("answers an unknown address under back-off exactly like a known one", async () => {
    const nobody = newEmail("nobody");
    for (let i = 0; i < 5; i++)
      await call(t, "POST", "/token?grant_type=password", { email: nobody, password: "guess" }, from());
    const held = await call(t, "POST", "/token?grant_type=password", { email: nobody, password: "guess" }, from());
    expect(held.status).toBe(429);
    expect(held.json!.msg).toMatch(/Too many wrong passwords for this address/);
  });

  it("never holds the owner back for more than 15 minutes after the last wrong password", async () => {
    const email = await account();
    for (let round = 0; round < 12; round++) {
      await call(t, "POST", "/token?grant_type=password", { email, password: "guess" }, from());
      t.clock.advance(16 * 60_000);
    }
    expect((await signInAs(email, SAFARI_IPHONE)).status).toBe(200);
  });
});

describe("resending the confirmation e-mail", () => {
  // Confirmations on (no autoconfirm): its own server.
  let confirmations: TestApp;
  beforeAll(async () => {
    confirmations = await startTestApp();
  });
  afterAll(async () => {
    await confirmations?.close();
  });

  it("answers {} for any address and mails a fresh link only to an unconfirmed account", async () => {
    const email = newEmail("resend");
    await authClient(confirmations).signUp({ email, password });
    await waitForMail(confirmations, email, "Confirm your Trigger Switch account", 15_000);
    confirmations.clock.advance(61_000);
    const { error } = await authClient(confirmations).resend({ type: "signup", email });
    expect(error).toBeNull();
    await expect.poll(async () => (await mailsTo(confirmations, email)).length, { timeout: 15_000 }).toBe(2);
    const unknown = await call(confirmations, "POST", "/resend", { type: "signup", email: newEmail("unknown") });
    expect(unknown).toMatchObject({ status: 200, json: {} });
    expect((await call(confirmations, "POST", "/resend", { type: "sms", email })).status).toBe(400);
  }, 90_000);
});

describe("user_metadata at the edge (audit)", () => {
  const nested = (depth: number) => {
    let data: Record<string, unknown> = { a: 1 };
    for (let i = 1; i < depth; i++) data = { a: data };
    return data;
  };

  it("refuses data nested 2,000 levels with 400 on sign-up and PUT /user, and the account keeps working", async () => {
    const signup = await call(
      t,
      "POST",
      "/signup",
      JSON.stringify({ email: newEmail("deep"), password, data: nested(2000) }),
    );
    expect(signup.status).toBe(400);
    // The app-wide edge guard (32 levels) or the user_metadata limit (8 levels) answers first.
    expect(signup.json!.msg).toMatch(/nested (too deeply|more than \d+ levels deep)/);
    const email = await account();
    const session = await signInAs(email, FIREFOX);
    const put = await call(t, "PUT", "/user", { data: nested(2000) }, auth(session.access));
    expect(put.status).toBe(400);
    expect((await signInAs(email, FIREFOX)).status).toBe(200);
    expect((await call(t, "PUT", "/user", { data: nested(8) }, auth(session.access))).status).toBe(200);
    expect((await call(t, "PUT", "/user", { data: nested(9) }, auth(session.access))).status).toBe(400);
  });

  it("refuses NUL and lone surrogates in keys or values with 400", async () => {
    const email = await account();
    const session = await signInAs(email, FIREFOX);
    for (const data of ['{"name":"a\\u0000b"}', '{"name":"\\ud800"}', '{"a\\u0000":1}', '{"list":["ok","\\udfff"]}']) {
      const put = await call(t, "PUT", "/user", `{"data":${data}}`, auth(session.access));
      expect(put.status, data).toBe(400);
      const signup = await call(
        t,
        "POST",
        "/signup",
        `{"email":"${newEmail("nul")}","password":"${password}","data":${data}}`,
      );
      expect(signup.status, data).toBe(400);
    }
    // A real surrogate pair (an emoji) is fine.
    expect((await call(t, "PUT", "/user", '{"data":{"mood":"\\ud83d\\ude00"}}', auth(session.access))).status).toBe(
      200,
    );
  });
});
