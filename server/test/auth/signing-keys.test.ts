import crypto from "node:crypto";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { decodeProtectedHeader } from "jose";
import { keyFilePath } from "../../src/auth/keys/key-file.ts";
import { rotateSigningKey } from "../../src/auth/keys/rotate-signing-key.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { call, newEmail, signedInClient } from "./auth-test-helpers.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const pem = () =>
  crypto
    .generateKeyPairSync("ec", { namedCurve: "P-256" })
    .privateKey.export({ format: "pem", type: "pkcs8" })
    .toString();

describe("signing keys", () => {
  it("are generated on first start into DATA_DIR/keys, readable by the owner only", async () => {
    t = await startTestApp();
    const file = keyFilePath(t.config.DATA_DIR);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { keys: { kid: string }[] };
    const jwks = await call(t, "GET", "/.well-known/jwks.json");
    expect((jwks.json!.keys as { kid: string }[])[0]!.kid).toBe(stored.keys[0]!.kid);
  });

  it("come from JWT_PRIVATE_KEY when set: the first PEM signs, later ones only verify", async () => {
    const [current, previous] = [pem(), pem()];
    t = await startTestApp({ JWT_PRIVATE_KEY: `${current}\n${previous}`, AUTH_AUTOCONFIRM: "true" });
    expect(fs.existsSync(keyFilePath(t.config.DATA_DIR))).toBe(false);
    const jwks = await call(t, "GET", "/.well-known/jwks.json");
    expect(jwks.json!.keys).toHaveLength(2);
    const { session } = await signedIn(t);
    expect(decodeProtectedHeader(session.access_token).kid).toBe((jwks.json!.keys as { kid: string }[])[0]!.kid);
    expect(() => rotateSigningKey({ config: t!.config, clock: t!.clock })).toThrow(/JWT_PRIVATE_KEY/);
  });
});

const signedIn = (app: TestApp) => signedInClient(app, newEmail(), "long enough password");

describe("concurrent refreshes", () => {
  it("of one token from two tabs both succeed and keep the session alive", async () => {
    t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
    const { session } = await signedIn(t);
    const body = { refresh_token: session.refresh_token };
    const results = await Promise.all([1, 2, 3].map(() => call(t!, "POST", "/token?grant_type=refresh_token", body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const user = await call(t, "GET", "/user", undefined, {
      authorization: `Bearer ${results[2]!.json!.access_token}`,
    });
    expect(user.status).toBe(200);
  });

  it("racing a sign-out never answer with a server error", async () => {
    t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
    const s = (await signedIn(t)).session;
    const [refresh, logout] = await Promise.all([
      call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: s.refresh_token }),
      call(t, "POST", "/logout?scope=global", undefined, { authorization: `Bearer ${s.access_token}` }),
    ]);
    expect([200, 400]).toContain(refresh.status);
    expect(logout.status).toBe(204);
  });
});
