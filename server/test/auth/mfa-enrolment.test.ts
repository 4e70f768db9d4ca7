import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../../src/auth/factors/totp.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authenticatorAccount, call, newEmail, signedInClient } from "./auth-test-helpers.ts";

// Enrolments of their own app: the enrolment route's per-address limit counts each file's requests.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";
const signedIn = (email = newEmail("mfa")) => signedInClient(t, email, password);
const withAuthenticator = () => authenticatorAccount(t, newEmail("mfa"), password);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("enrolling an authenticator app, again and wrongly", () => {
  it("logs a mistyped code while adding the app as that, not as a failed sign-in", async () => {
    const { client, session } = await signedIn();
    const { data: enrolled } = await client.mfa.enroll({ factorType: "totp", friendlyName: "Phone app" });
    const right = totpCode(enrolled!.totp.secret, t.clock.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    const { error } = await client.mfa.challengeAndVerify({ factorId: enrolled!.id, code: wrong });
    expect(error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    const log = (await call(t, "GET", "/user/security-log", undefined, bearer(session.access_token)))
      .json as unknown as {
      kind: string;
      detail: Record<string, string>;
    }[];
    expect(log.map((e) => e.kind)).not.toContain("mfa_failed");
    expect(log[0]).toMatchObject({ kind: "factor_code_failed", detail: { factor: "Phone app", type: "totp" } });
  });

  it("refuses a name a verified factor of the account already uses", async () => {
    const { client } = await withAuthenticator();
    const { error } = await client.mfa.enroll({ factorType: "totp", friendlyName: "phone APP" });
    expect(error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });
  });

  it("lets an enrolment abandoned before its code start again under the same name, replacing it", async () => {
    const { client } = await signedIn();
    const { data: abandoned } = await client.mfa.enroll({ factorType: "totp", friendlyName: "Authenticator app" });
    // The page was reloaded during "Add an authenticator app": the same name is asked for again.
    const { data: again, error } = await client.mfa.enroll({ factorType: "totp", friendlyName: "Authenticator app" });
    expect(error).toBeNull();
    const listed = (await client.mfa.listFactors()).data!.all;
    expect(listed.map((f) => f.id)).toEqual([again!.id]);
    expect(listed.map((f) => f.id)).not.toContain(abandoned!.id);
    const verified = await client.mfa.challengeAndVerify({
      factorId: again!.id,
      code: totpCode(again!.totp.secret, t.clock.now()),
    });
    expect(verified.error).toBeNull();
  });
});
