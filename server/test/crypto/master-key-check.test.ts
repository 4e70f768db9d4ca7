import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMasterKeys, MasterKeyMismatchError } from "../../src/crypto/check-master-keys.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import type { Database } from "../../src/db/connect.ts";
import { masterKeyChecks } from "../../src/db/schema.ts";
import { createTestDatabase } from "../support/test-db.ts";

const key = () => crypto.randomBytes(32).toString("base64");
const keysFrom = (MASTER_KEY: string) => createMasterKeys({ config: { MASTER_KEY, DATA_DIR: "/nonexistent" } });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("the master-key check at start", () => {
  const first = `k1:${key()}`;

  it("registers the current key of the first process", async () => {
    await checkMasterKeys({ db: database.db, masterKeys: keysFrom(first) });
    expect(await database.db.select({ kid: masterKeyChecks.kid }).from(masterKeyChecks)).toEqual([{ kid: "k1" }]);
  });

  it("lets a second process with the same keys start", async () => {
    await expect(checkMasterKeys({ db: database.db, masterKeys: keysFrom(first) })).resolves.toBeUndefined();
  });

  it("refuses a process that generated a different key under the same id", async () => {
    await expect(checkMasterKeys({ db: database.db, masterKeys: keysFrom(`k1:${key()}`) })).rejects.toThrow(
      /differs from the one the database was written with/,
    );
  });

  it("refuses a process that lacks a key the database has used", async () => {
    const error = await checkMasterKeys({ db: database.db, masterKeys: keysFrom(`k2:${key()}`) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MasterKeyMismatchError);
    expect((error as Error).message).toMatch(/"k1" is used in the database but missing here/);
  });

  it("accepts a rotation that keeps the old key listed", async () => {
    await expect(
      checkMasterKeys({ db: database.db, masterKeys: keysFrom(`k2:${key()},${first}`) }),
    ).resolves.toBeUndefined();
  });
});
