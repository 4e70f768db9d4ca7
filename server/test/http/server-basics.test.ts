import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { proveMailbox } from "../support/admins.ts";
import { signUpUser } from "../support/users.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startAutoconfirmApp({ ADMIN_EMAILS: "boss@example.com" });
});
afterAll(() => t.close());

describe("health", () => {
  it("answers liveness and readiness with the database kind", async () => {
    expect(await (await fetch(`${t.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", mail: "outbox" });
  });
});

describe("API conventions", () => {
  it("answers an unknown API route with the error shape", async () => {
    const res = await fetch(`${t.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "No such API route" } });
  });

  it("publishes an OpenAPI document generated from the schemas", async () => {
    const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/profile", "/api/profile/avatar", "/api/me", "/api/meta"]),
    );
  });

  it("tells the web app that the local mailbox is available", async () => {
    expect(await (await fetch(`${t.url}/api/meta`)).json()).toMatchObject({ mailbox: true, autoconfirm: true });
  });

  it("gives the admin role to addresses in ADMIN_EMAILS only, once the mailbox is proven", async () => {
    const boss = await signUpUser(t, "Boss@Example.com");
    // Autoconfirm confirms anyone: the role waits until a link sent to the address was followed.
    expect(await (await boss.api("/api/me")).json()).toMatchObject({ is_admin: false });
    await proveMailbox(t, "Boss@Example.com");
    expect(await (await boss.api("/api/me")).json()).toMatchObject({ is_admin: true });
  });
});
