import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderSchedule } from "../../src/db/schema.ts";
import { post } from "../support/content.ts";
import { probesFor, type Fixtures, type Probe } from "./support/bad-inputs.ts";
import { loadOperations, type Operation } from "./support/operations.ts";
import { buildWorld, mailboxMails, marks, type World } from "./support/world.ts";

/**
 * The security suite (docs/security.md): every route of the OpenAPI document, and every other route the
 * app serves, is called as another user, as a visitor and as the owner, well-formed and with one
 * bad thing at a time (wrong types, NUL, lone surrogates, huge strings, deep nesting, malformed
 * JSON and multipart). Nothing may answer 5xx, every refusal must say why, nobody but the owner
 * may see or change the owner's data — and afterwards nothing the owner wrote may be found in
 * plaintext in the database, and no secret or message content in the logs.
 */

type Caller = "another user" | "a visitor" | "the owner";

interface Answer {
  caller: Caller;
  op: Operation;
  probe: Probe;
  status: number;
  contentType: string;
  body: string;
  headers: Headers;
}

let world: World;
let ops: Operation[];
const answers: Answer[] = [];

beforeAll(async () => {
  world = await buildWorld();
  ops = await loadOperations(world.t);
}, 180_000);
afterAll(() => world?.t.close());

let ip = 0;
/** A new client address per request (the app trusts X-Forwarded-For here), so no rate limit hides an answer. */
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

async function send(caller: Caller, token: string | null, op: Operation, probe: Probe): Promise<Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": nextIp() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (probe.contentType) headers["content-type"] = probe.contentType;
  const res = await fetch(`${world.t.url}${probe.url}`, {
    method: op.method,
    headers,
    body: probe.body,
    redirect: "manual",
  });
  const body = await res.text();
  return {
    caller,
    op,
    probe,
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    body,
    headers: res.headers,
  };
}

/** Runs `tasks` a few at a time: enough to keep the server busy, few enough to keep answers in order per route. */
async function inBatches<T>(tasks: (() => Promise<T>)[], size = 4): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += size)
    out.push(...(await Promise.all(tasks.slice(i, i + size).map((task) => task()))));
  return out;
}

function fixtures(): Fixtures {
  return {
    message: world.ids.message,
    recipient: world.ids.recipient,
    condition: world.ids.panicCondition,
    attachment: world.ids.attachment,
    release: world.ids.release,
    contact: world.ids.contact,
    accessRequest: world.ids.accessRequest,
    checkInToken: world.secrets.checkInToken,
    accessToken: world.secrets.accessToken,
    recipientEmail: marks.recipientEmail,
    future: new Date(world.t.clock.now().getTime() + 3 * 24 * 3_600_000).toISOString(),
  };
}

async function walk(caller: Caller, token: string | null, selected: Operation[], includeWellFormed: boolean) {
  const fx = fixtures();
  const tasks = selected.flatMap((op) =>
    probesFor(op, fx, { includeWellFormed }).map((probe) => () => send(caller, token, op, probe)),
  );
  answers.push(...(await inBatches(tasks)));
}

const describeAnswer = (a: Answer) =>
  `${a.caller}: ${a.op.method} ${a.probe.url.slice(0, 120)} [${a.probe.label}] → ${a.status} ${a.body.slice(0, 160)}`;

/** A refusal a person can act on: a JSON error with a sentence, or a page with text. */
function readable(a: Answer): boolean {
  if (!a.contentType.includes("json")) return a.body.trim().length > 0;
  try {
    const body = JSON.parse(a.body) as { error?: { message?: string } | string; msg?: string; message?: string };
    const sentence = typeof body.error === "object" ? body.error?.message : (body.msg ?? body.message ?? body.error);
    return typeof sentence === "string" && sentence.trim().length > 3;
  } catch {
    return false;
  }
}

describe("the engine trigger, send-reminder-emails", () => {
  it("does not run another user's due work, nor report figures about it", async () => {
    const dueRows = () =>
      world.t.database.db
        .select()
        .from(reminderSchedule)
        .where(
          and(eq(reminderSchedule.conditionId, world.ids.reminderCondition), eq(reminderSchedule.status, "pending")),
        );
    const before = (await dueRows()).filter((r) => r.nextAttemptAt <= world.t.clock.now());
    expect(before).toHaveLength(1);

    const res = await post(world.other, "/functions/v1/send-reminder-emails", { action: "process" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, processed: 0 });
    expect((await dueRows()).map((r) => r.id)).toContain(before[0]!.id);
  });
});

describe("walking every route", () => {
  it("covers the whole API document and the undocumented routes", () => {
    const paths = new Set(ops.map((o) => o.path));
    for (const expected of [
      "/api/messages/{id}",
      "/api/recipients/{id}",
      "/functions/v1/send-message-notifications",
      "/auth/v1/signup",
      "/dev/mailbox/messages.json",
      "/api/push/devices/{id}",
      "/api/push/check-in",
      "/auth/v1/passkeys/{passkeyId}",
      "/auth/v1/passkeys/authentication/verify",
      "/api/trusted-contacts/{id}",
      "/api/conditions/{id}/confirmation",
      "/api/contact/question",
      "/api/contact/invitation",
      "/api/confirmations",
      "/api/messages/{id}/access-permissions",
      "/api/access-requests",
      "/api/access-requests/{id}/deny",
      "/api/access-requests/{id}/revoke",
      "/api/access-requests/deny",
      "/api/contact/access/request",
      "/api/contact/access/withdraw",
    ])
      expect(paths).toContain(expected);
  });

  it("calls each one as another user and as a visitor", async () => {
    const documented = ops.filter((o) => o.documented);
    const undocumented = ops.filter((o) => !o.documented);
    await walk("another user", world.other.accessToken, documented, true);
    await walk("a visitor", null, documented, true);
    await walk("a visitor", null, undocumented, true);
    // Auth routes may sign their caller out or change it: a throwaway user stands in for "another user".
    await walk("another user", world.throwaway.accessToken, undocumented, true);
  }, 240_000);

  it("leaves the owner's data as it was after everyone else's calls", async () => {
    const message = (await (await world.owner.api(`/api/messages/${world.ids.message}`)).json()) as Record<
      string,
      unknown
    > & {
      recipients: { name: string; note: string }[];
      attachments: unknown[];
      conditions: { active: boolean; is_armed: boolean }[];
    };
    expect(message).toMatchObject({ title: marks.title, text_content: marks.text });
    expect(message.recipients).toEqual([expect.objectContaining({ name: marks.recipientName, note: marks.note })]);
    expect(message.attachments).toHaveLength(1);
    expect(message.conditions[0]).toMatchObject({ active: true, is_armed: true });
    const releases = (await (await world.owner.api(`/api/messages/${world.ids.message}/releases`)).json()) as {
      cancelled_at: string | null;
    }[];
    expect(releases.every((r) => r.cancelled_at === null)).toBe(true);
    // Nobody else could deny the owner's contact's request, take the contact away or change who may ask.
    expect(await (await world.owner.api("/api/access-requests")).json()).toEqual([
      expect.objectContaining({ id: world.ids.accessRequest, state: "waiting", reason: marks.reason }),
    ]);
    expect(await (await world.owner.api("/api/trusted-contacts")).json()).toEqual([
      expect.objectContaining({ id: world.ids.contact, state: "active", name: marks.contactName }),
    ]);
    expect(await (await world.owner.api(`/api/messages/${world.ids.message}/access-permissions`)).json()).toEqual({
      permissions: [{ contact_id: world.ids.contact, waiting_hours: 72 }],
    });
    expect(await (await world.owner.api("/api/profile")).json()).toMatchObject({
      first_name: marks.firstName,
      last_name: marks.lastName,
    });
  });

  // Before the owner's own walk, which overwrites their data with fuzz.
  it("finds nothing the owner wrote in plaintext anywhere in the database", async () => {
    const columns = (await world.t.database.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    const found: string[] = [];
    for (const { table_name, column_name } of columns.rows) {
      for (const marker of world.contentMarkers) {
        const hit = (await world.t.database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${marker}%`}`,
        )) as unknown as { rows: { n: number }[] };
        if (hit.rows[0]!.n > 0) found.push(`${table_name}.${column_name} holds "${marker}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it("calls each one as the owner, with bad input only", async () => {
    await walk(
      "the owner",
      world.owner.accessToken,
      ops.filter((o) => o.documented),
      false,
    );
    expect(answers.length).toBeGreaterThan(1000);
  }, 240_000);

  it("never answers 5xx", () => {
    expect(answers.filter((a) => a.status >= 500).map(describeAnswer)).toEqual([]);
  });

  it("says what is wrong in every refusal", () => {
    expect(answers.filter((a) => a.status >= 400 && a.status < 500 && !readable(a)).map(describeAnswer)).toEqual([]);
  });

  it("refuses text that cannot be kept as it was sent (NUL, lone surrogates)", () => {
    const kept = answers.filter((a) => /: (NUL|lone surrogate|invalid UTF-8)$/.test(a.probe.label) && a.status < 400);
    expect(kept.map(describeAnswer)).toEqual([]);
  });

  it("shows nothing of the owner's to anyone else", () => {
    const leaks = answers
      .filter((a) => a.caller !== "the owner")
      .flatMap((a) =>
        world.ownerMarkers
          .filter((m) => a.body.toLowerCase().includes(m.toLowerCase()))
          .map((m) => `${describeAnswer(a)} — shows "${m}"`),
      );
    expect(leaks).toEqual([]);
  });

  it("refuses another user and a visitor every route that names the owner's things", () => {
    const served = answers.filter(
      (a) => a.caller !== "the owner" && a.probe.ownerIds && !a.probe.linkSecret && a.status < 400,
    );
    expect(served.map(describeAnswer)).toEqual([]);
  });

  it("keeps every page's connect-src to the site itself", () => {
    const policies = new Set(
      answers.map((a) => a.headers.get("content-security-policy")).filter((p): p is string => !!p),
    );
    expect(policies.size).toBeGreaterThan(0);
    for (const policy of policies) {
      const connect =
        policy
          .split(";")
          .map((d) => d.trim())
          .find((d) => d.startsWith("connect-src")) ?? "";
      expect(
        connect
          .split(/\s+/)
          .slice(1)
          .filter((source) => /^(wss?|https?):?$/.test(source) || source === "*"),
      ).toEqual([]);
    }
  });
});

describe("afterwards", () => {
  it("mailed a recipient nothing of the message while its unlock delay runs", async () => {
    const mails = await mailboxMails(world.t, marks.recipientEmail);
    expect(mails.length).toBeGreaterThan(0);
    const content = world.contentMarkers.filter((m) => m !== marks.recipientName);
    expect(mails.flatMap((m) => content.filter((c) => `${m.subject}\n${m.text}`.includes(c)))).toEqual([]);
  });

  it("logged no link secret, no token, no message content and no query parameters", () => {
    const secrets = [
      world.secrets.checkInToken,
      world.secrets.accessToken,
      world.owner.accessToken,
      world.other.accessToken,
      ...world.contentMarkers,
    ];
    expect(world.logLines.length).toBeGreaterThan(100);
    const bad = world.logLines.flatMap((line) => [
      ...secrets.filter((s) => line.includes(s)).map((s) => `logs "${s.slice(0, 24)}…": ${line.slice(0, 300)}`),
      ...(line.includes("params:") ? [`logs query parameters: ${line.slice(0, 300)}`] : []),
      ...(line.length > 8_000 ? [`a ${line.length}-character log line: ${line.slice(0, 300)}`] : []),
    ]);
    expect(bad.slice(0, 20)).toEqual([]);
  });
});
