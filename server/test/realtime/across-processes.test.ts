import { generateKeyPairSync, randomBytes } from "node:crypto";
import { REALTIME_CLOSE } from "@trigger-switch/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../src/admin/sql-rows.ts";
import { messageConditions } from "../../src/db/schema.ts";
import { createCondition, createMessage, post } from "../support/content.ts";
import { subscribe } from "../support/realtime-client.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// Two processes can only share a PostgreSQL server; an embedded PGlite belongs to one process.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("realtime across processes (PostgreSQL only: PGlite is embedded in one process)", () => {
  let a: TestApp;
  let b: TestApp;
  let owner: SignedInUser;
  let conditionId: string;
  // Processes on one database share their keys (config), as production requires.
  const env = {
    JWT_EXPIRY: "86400",
    MASTER_KEY: randomBytes(32).toString("base64"),
    JWT_PRIVATE_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString(),
  };

  beforeAll(async () => {
    a = await startAutoconfirmApp(env);
    // Same database, its own app, auth, pool of queries and LISTEN connection: a second process.
    b = await startAutoconfirmApp(env, { database: a.database });
    // Production processes share one SITE_URL, the tokens' issuer; test apps each take their own address.
    b.config.SITE_URL = a.config.SITE_URL;
    owner = await signUpUser(a);
    conditionId = (await createCondition(owner, (await createMessage(owner)).id)).id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("delivers a check-in made through one process to a socket held by another", async () => {
    const socket = await subscribe(b, owner.accessToken);
    b.clock.advance(60_000);
    a.clock.advance(60_000);
    expect((await post(owner, "/api/check-in", {})).status).toBe(200);
    const update = await socket.next();
    expect(update).toMatchObject({
      type: "UPDATE",
      table: "message_conditions",
      new: { id: conditionId },
      old: { id: conditionId, is_armed: true, active: true },
    });
    if (update.type === "UPDATE") expect(update.new.last_checked).toBe(a.clock.now().toISOString());
    socket.close();
  });

  it("relays through the WAL's logical messages where the server decodes them, else through LISTEN", async () => {
    const walLevel = await walLevelOf(a);
    const feeds = await rows<{ n: number }>(
      a.database.db,
      walLevel === "logical"
        ? sql`select count(*)::int as n from pg_replication_slots
              where database = current_database() and slot_name like 'ts_realtime_%' and temporary and active`
        : sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    // One feed per process (a and b), whatever the other test files on this server hold.
    expect(feeds).toEqual([{ n: 2 }]);
  });

  it("never relays a change that was rolled back, and relays the next committed one", async () => {
    const socket = await subscribe(b, owner.accessToken);
    const rolledBack = new Date("2001-01-01T00:00:00Z");
    await expect(
      a.database.db.transaction(async (tx) => {
        await tx
          .update(messageConditions)
          .set({ lastChecked: rolledBack })
          .where(eq(messageConditions.id, conditionId));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    a.clock.advance(60_000);
    expect((await post(owner, "/api/check-in", {})).status).toBe(200);
    const update = await socket.next();
    expect(update.type === "UPDATE" && update.new.last_checked).toBe(a.clock.now().toISOString());
    expect(update.type === "UPDATE" && update.old.last_checked).not.toBe(rolledBack.toISOString());
    socket.close();
  });

  it("closes its sockets with 1012 once its feed is back after a loss, so clients reconnect and refetch", async () => {
    const socket = await subscribe(b, owner.accessToken);
    // Cut every feed of this database (a's and b's), as a server restart or a failover would.
    const walLevel = await walLevelOf(a);
    await a.database.db.execute(
      walLevel === "logical"
        ? sql`select pg_terminate_backend(active_pid) from pg_replication_slots
              where database = current_database() and slot_name like 'ts_realtime_%'`
        : sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    // Reopened after the first retry delay (1 s); what committed meanwhile was missed, so the socket is closed.
    expect(await socket.closed).toBe(REALTIME_CLOSE.missedUpdates);
    const again = await subscribe(b, owner.accessToken);
    a.clock.advance(60_000);
    expect((await post(owner, "/api/check-in", {})).status).toBe(200);
    const update = await again.next();
    expect(update.type === "UPDATE" && update.new.last_checked).toBe(a.clock.now().toISOString());
    again.close();
  });

  it("closes its sockets with 1001 when a process shuts down", async () => {
    const c = await startAutoconfirmApp(env, { database: a.database });
    c.config.SITE_URL = a.config.SITE_URL;
    const socket = await subscribe(c, owner.accessToken);
    await c.close();
    expect(await socket.closed).toBe(1001);
  });
});

async function walLevelOf(t: TestApp): Promise<string | undefined> {
  const [level] = await rows<{ wal_level: string }>(t.database.db, sql`show wal_level`);
  return level?.wal_level;
}
