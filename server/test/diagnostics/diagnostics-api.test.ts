import { messageDiagnosticSchema, serviceDiagnosticSchema } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMessage } from "../support/content.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { ownerWithMessage, startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let t: TestApp;
let owner: SignedInUser;
let outsider: SignedInUser;
let messageId: string;
let recipientEmail: string;
let outsidersMessageId: string;

beforeAll(async () => {
  t = await startAutoconfirmApp({ JWT_EXPIRY: "86400" });
  const setup = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
  ({ owner, messageId } = setup);
  recipientEmail = setup.recipientEmails[0]!;
  outsider = await signUpUser(t);
  outsidersMessageId = (await createMessage(outsider)).id;
});
afterAll(() => t.close());

const diagnostic = (path: string, init?: RequestInit) => fetch(`${t.url}/api/diagnostic${path}`, init);

async function accessToken(): Promise<string> {
  const mails = await outboxMails(t, recipientEmail);
  const token = mails.map((m) => m.text.match(/\/access\/message\/[0-9a-f-]+\?t=([A-Za-z0-9_-]+)/)?.[1]).find(Boolean);
  if (!token) throw new Error("no access link mailed to the recipient");
  return token;
}

describe("service diagnostic", () => {
  it("reports counts and ages without any personal data, and is never cached", async () => {
    const res = await diagnostic("");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    const body = serviceDiagnosticSchema.parse(JSON.parse(text));
    expect(body).toMatchObject({ database: { ok: true }, engine: { role: "web" }, mail: { transport: "outbox" } });
    expect(body.queue!.pending).toBeGreaterThan(0);
    for (const secret of [owner.email, owner.id, recipientEmail, messageId, "spare key"])
      expect(text).not.toContain(secret);
  });

  it("is degraded until an engine has beaten, and ok once it beats with nothing late", async () => {
    expect(serviceDiagnosticSchema.parse(await (await diagnostic("")).json()).status).toBe("degraded");
    await travel(t, 0);
    const body = serviceDiagnosticSchema.parse(await (await diagnostic("")).json());
    expect(body).toMatchObject({
      status: "ok",
      engine: { heartbeat_age_seconds: 0 },
      queue: { due: 0, parked: 0, oldest_due_lateness_seconds: null },
    });
  });
});

describe("message diagnostic", () => {
  it("shows the owner the whole timeline of a message: conditions, schedule, deliveries and releases", async () => {
    // Tokens last a day on the fake clock too, so the deadline is an hour away.
    await travel(t, 2 * HOUR);
    const due = serviceDiagnosticSchema.parse(await (await diagnostic("")).json());
    expect(due.queue).toMatchObject({ due: 1 });
    expect(due.status).toBe("degraded");
    await tick(t);
    const res = await owner.api(`/api/diagnostic/message/${messageId}`);
    expect(res.status).toBe(200);
    const body = messageDiagnosticSchema.parse(await res.json());
    if (body.view !== "owner") throw new Error("expected the owner view");
    expect(body.message).toEqual({ id: messageId, title: "The spare key" });
    expect(body.conditions).toEqual([
      expect.objectContaining({ condition_type: "no_check_in", active: false, summary: expect.any(String) }),
    ]);
    expect(body.schedule).toContainEqual(
      expect.objectContaining({
        reminder_type: "final_delivery",
        status: "sent",
        delivery_priority: "critical",
        retry_strategy: "aggressive",
      }),
    );
    expect(body.deliveries).toContainEqual(
      expect.objectContaining({ recipient: recipientEmail, delivery_channel: "email", delivery_status: "sent" }),
    );
    expect(body.releases).toEqual([
      expect.objectContaining({ recipient_name: expect.any(String), first_opened_at: null, cancelled_at: null }),
    ]);
  });

  it("shows the schedule a check-in left to the engine as the engine will write it (decision 043)", async () => {
    const other = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 2,
      reminder_hours: [30],
    });
    await travel(t, HOUR);
    const checkedIn = (await (await other.owner.api("/api/check-in", { method: "POST" })).json()) as {
      next_deadline: string;
    };
    const deadline = Date.parse(checkedIn.next_deadline);
    const body = messageDiagnosticSchema.parse(
      await (await other.owner.api(`/api/diagnostic/message/${other.messageId}`)).json(),
    );
    if (body.view !== "owner") throw new Error("expected the owner view");
    const shown = body.schedule.map((s) => [s.reminder_type, Date.parse(s.scheduled_at) - deadline, s.status]);
    expect(shown).toEqual([
      ["reminder", -90 * MINUTE, "obsolete"],
      ["final_delivery", -HOUR, "obsolete"],
      ["reminder", -30 * MINUTE, "pending"],
      ["final_delivery", 0, "pending"],
    ]);
  });

  it("shows a recipient with a valid link only the state of their release", async () => {
    const res = await diagnostic(`/message/${messageId}?t=${await accessToken()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      view: "recipient",
      release: { state: "open", opens_at: expect.any(String), expires_at: null },
    });
  });

  it("answers everyone else with the same 404", async () => {
    const token = await accessToken();
    const answers = await Promise.all([
      outsider.api(`/api/diagnostic/message/${messageId}`),
      diagnostic(`/message/${messageId}`),
      diagnostic(`/message/${messageId}`, { headers: { authorization: "Bearer nonsense" } }),
      diagnostic(`/message/${messageId}?t=wrong-token`),
      diagnostic(`/message/${outsidersMessageId}?t=${token}`),
      owner.api(`/api/diagnostic/message/not-a-uuid`),
      owner.api(`/api/diagnostic/message/00000000-0000-4000-8000-000000000000`),
    ]);
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect(bodies[0]!.status).toBe(404);
  });
});
