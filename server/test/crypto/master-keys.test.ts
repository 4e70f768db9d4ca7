import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { messageCipherOf, newMessageCipher } from "../../src/crypto/message-cipher.ts";

const key = () => crypto.randomBytes(32).toString("base64");
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "ts-keys-"));

describe("master keys", () => {
  it("wraps new data keys with the first MASTER_KEY entry and still opens ones wrapped by the others", () => {
    const [oldKey, newKey] = [key(), key()];
    const before = createMasterKeys({ config: { MASTER_KEY: `old:${oldKey}`, DATA_DIR: tmp() } });
    const { cipher, keyId, wrappedKey } = newMessageCipher(before, "m-1");
    const sealed = cipher.sealText("title", "Hello");
    expect(keyId).toBe("old");

    const rotated = createMasterKeys({ config: { MASTER_KEY: `new:${newKey},old:${oldKey}`, DATA_DIR: tmp() } });
    expect(rotated.currentKid).toBe("new");
    expect(messageCipherOf(rotated, { id: "m-1", keyId, wrappedKey }).openText("title", sealed)).toBe("Hello");
    expect(newMessageCipher(rotated, "m-2").keyId).toBe("new");
  });

  it("derives a stable key id when MASTER_KEY is a bare key", () => {
    const k = key();
    const a = createMasterKeys({ config: { MASTER_KEY: k, DATA_DIR: tmp() } });
    const b = createMasterKeys({ config: { MASTER_KEY: ` ${k} `, DATA_DIR: tmp() } });
    expect(a.currentKid).toMatch(/^h[0-9a-f]{12}$/);
    expect(a.currentKid).toBe(b.currentKid);
  });

  it("refuses a key that is not 32 bytes, at start", () => {
    expect(() =>
      createMasterKeys({ config: { MASTER_KEY: Buffer.alloc(16).toString("base64"), DATA_DIR: tmp() } }),
    ).toThrow(ConfigError);
  });

  it("says which key is missing instead of returning garbage", () => {
    const keys = createMasterKeys({ config: { MASTER_KEY: key(), DATA_DIR: tmp() } });
    expect(() => keys.unwrap("gone", "AAAA", "m-1")).toThrow(/master key gone is not available/);
  });

  it("generates one key file on first start and lets a newer file take over encryption", () => {
    const dir = tmp();
    const first = createMasterKeys({ config: { DATA_DIR: dir } });
    const again = createMasterKeys({ config: { DATA_DIR: dir } });
    expect(first.currentKid).toBe("k1");
    const { keyId, wrappedKey, cipher } = newMessageCipher(first, "m-1");
    expect(
      messageCipherOf(again, { id: "m-1", keyId, wrappedKey }).openText("t", cipher.sealText("t", "same key")),
    ).toBe("same key");

    fs.writeFileSync(path.join(dir, "keys", "master-k2.key"), key(), { mode: 0o644 });
    const rotated = createMasterKeys({ config: { DATA_DIR: dir } });
    expect(rotated.currentKid).toBe("k2");
    expect(fs.statSync(path.join(dir, "keys", "master-k2.key")).mode & 0o077).toBe(0);
    expect(
      messageCipherOf(rotated, { id: "m-1", keyId, wrappedKey }).openText("t", cipher.sealText("t", "old still opens")),
    ).toBe("old still opens");
  });
});

describe("configuration", () => {
  it("reads MASTER_KEY and ATTACHMENT_MAX_BYTES with their defaults", () => {
    expect(loadConfig({}).ATTACHMENT_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(loadConfig({}).MASTER_KEY).toBeUndefined();
    expect(() => loadConfig({ MASTER_KEY: "not base64!" })).toThrow(/MASTER_KEY: must be base64/);
    expect(loadConfig({ MASTER_KEY: `a:${key()}, b:${key()}` }).MASTER_KEY).toBeDefined();
  });
});
