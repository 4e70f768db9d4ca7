import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { json, signUpUser, type SignedInUser } from "../support/users.ts";
import { createCondition, createMessage, createRecipient, put, uploadFile } from "../support/content.ts";

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
const ids = { message: "", recipient: "", condition: "", attachment: "" };

interface Route {
  method: string;
  path: () => string;
  body?: () => unknown;
  multipart?: boolean;
  ok: number;
}

/** Every route of messages, recipients, conditions and attachments; deletions last so the owner's run keeps its fixtures. */
const routes: Route[] = [
  { method: "GET", path: () => "/api/messages", ok: 200 },
  { method: "POST", path: () => "/api/messages", body: () => ({ title: "Another" }), ok: 201 },
  { method: "GET", path: () => `/api/messages/${ids.message}`, ok: 200 },
  { method: "PATCH", path: () => `/api/messages/${ids.message}`, body: () => ({ title: "Renamed" }), ok: 200 },
  {
    method: "PUT",
    path: () => `/api/messages/${ids.message}/recipients`,
    body: () => ({ recipient_ids: [ids.recipient] }),
    ok: 200,
  },
  {
    method: "POST",
    path: () => `/api/messages/${ids.message}/conditions`,
    body: () => ({ condition_type: "panic_trigger" }),
    ok: 201,
  },
  { method: "GET", path: () => "/api/conditions?active=true", ok: 200 },
  { method: "GET", path: () => `/api/conditions/${ids.condition}`, ok: 200 },
  { method: "PATCH", path: () => `/api/conditions/${ids.condition}`, body: () => ({ hours_threshold: 48 }), ok: 200 },
  { method: "POST", path: () => `/api/conditions/${ids.condition}/disarm`, ok: 200 },
  { method: "POST", path: () => `/api/conditions/${ids.condition}/arm`, ok: 200 },
  { method: "GET", path: () => "/api/recipients", ok: 200 },
  {
    method: "POST",
    path: () => "/api/recipients",
    body: () => ({ name: "Robin", email: "robin@example.com" }),
    ok: 201,
  },
  { method: "GET", path: () => `/api/recipients/${ids.recipient}`, ok: 200 },
  { method: "PATCH", path: () => `/api/recipients/${ids.recipient}`, body: () => ({ note: "Neighbour" }), ok: 200 },
  { method: "POST", path: () => `/api/messages/${ids.message}/attachments`, multipart: true, ok: 201 },
  { method: "GET", path: () => `/api/messages/${ids.message}/attachments/${ids.attachment}`, ok: 200 },
  { method: "DELETE", path: () => `/api/messages/${ids.message}/attachments/${ids.attachment}`, ok: 204 },
  { method: "DELETE", path: () => `/api/conditions/${ids.condition}`, ok: 204 },
  { method: "DELETE", path: () => `/api/recipients/${ids.recipient}`, ok: 200 },
  { method: "DELETE", path: () => `/api/messages/${ids.message}`, ok: 204 },
];

/** Routes that name one of the owner's rows (the others act on the caller's own collection). */
const scoped = routes.filter((r) => r.path.toString().includes("ids."));
const nameOf = (r: Route) =>
  `${r.method} ${r.path
    .toString()
    .replace(/^\(\) => /, "")
    .replace(/\$\{ids\.(\w+)\}/g, ":$1")
    .replace(/[`"]/g, "")}`;

function call(route: Route, user: SignedInUser | null): Promise<Response> {
  let init: RequestInit = { method: route.method };
  if (route.body) init = { ...init, ...json(route.body()) };
  if (route.multipart) {
    const form = new FormData();
    form.append("file", new Blob(["plain words\n"], { type: "text/plain" }), "words.txt");
    init = { ...init, body: form };
  }
  return user ? user.api(route.path(), init) : fetch(`${t.url}${route.path()}`, init);
}

beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
  owner = await signUpUser(t);
  other = await signUpUser(t);
  ids.message = (await createMessage(owner)).id;
  ids.recipient = (await createRecipient(owner)).id;
  await put(owner, `/api/messages/${ids.message}/recipients`, { recipient_ids: [ids.recipient] });
  ids.condition = (await createCondition(owner, ids.message)).id;
  ids.attachment = (
    (await (await uploadFile(owner, ids.message, Buffer.from("a note\n"), "a.txt")).json()) as { id: string }
  ).id;
});
afterAll(() => t.close());

describe("who may use each route", () => {
  it.each(routes.map((r) => [nameOf(r), r] as const))(
    "%s refuses a signed-out caller with 401",
    async (_name, route) => {
      const res = await call(route, null);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    },
  );

  it.each(scoped.map((r) => [nameOf(r), r] as const))(
    "%s answers another user with 404, as if the id did not exist",
    async (_name, route) => {
      const res = await call(route, other);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    },
  );

  it("serves the owner on every route (deletions last)", async () => {
    for (const route of routes) {
      const res = await call(route, owner);
      expect({ route: `${route.method} ${route.path()}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path()}`,
        status: route.ok,
      });
    }
  });

  it("shows another user nothing of the owner's in their lists", async () => {
    const message = await createMessage(owner);
    await createCondition(owner, message.id);
    for (const path of ["/api/messages", "/api/recipients", "/api/conditions"])
      expect(await (await other.api(path)).json()).toEqual([]);
  });

  it("answers a malformed id with 404, not 400 or 500", async () => {
    for (const path of [
      "/api/messages/not-a-uuid",
      "/api/conditions/123",
      "/api/recipients/%27%3B--",
      `/api/messages/${ids.message}/attachments/x`,
    ]) {
      expect((await owner.api(path)).status).toBe(404);
    }
    expect((await owner.api("/api/conditions/nope/arm", { method: "POST" })).status).toBe(404);
  });
});
