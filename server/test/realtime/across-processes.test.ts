import { generateKeyPairSync, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("closes its sockets with 1001 when a process shuts down", async () => {
    const c = await startAutoconfirmApp(env, { database: a.database });
    c.config.SITE_URL = a.config.SITE_URL;
    const socket = await subscribe(c, owner.accessToken);
    await c.close();
    expect(await socket.closed).toBe(1001);
  });
});
