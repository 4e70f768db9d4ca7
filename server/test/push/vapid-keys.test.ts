import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { loadVapidKeys, newVapidPair, vapidKeyFile } from "../../src/push/vapid-keys.ts";

const dirs: string[] = [];
const config = (env: Record<string, string> = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-vapid-"));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env });
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("VAPID keys", () => {
  it("are generated once into DATA_DIR/keys, readable by the owner only, and the same on the next start", () => {
    const c = config();
    const first = loadVapidKeys(c)!;
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(fs.statSync(vapidKeyFile(c.DATA_DIR)).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(c)).toEqual(first);
    expect(first.subject).toBe("mailto:no-reply@localhost");
  });

  it("keep every generated private key at its full 32 bytes, leading zeros included", () => {
    // One raw key in 256 starts with a zero byte: 3,000 pairs all but surely include some.
    const lengths = new Set(
      Array.from({ length: 3000 }, () => Buffer.from(newVapidPair().privateKey, "base64url").length),
    );
    expect([...lengths]).toEqual([32]);
  });

  it("come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given, with VAPID_SUBJECT", () => {
    const generated = newVapidPair();
    const pair = { VAPID_PUBLIC_KEY: generated.publicKey, VAPID_PRIVATE_KEY: generated.privateKey };
    const c = config({ ...pair, VAPID_SUBJECT: "https://switch.example.com" });
    expect(loadVapidKeys(c)).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: "https://switch.example.com",
    });
    expect(fs.existsSync(vapidKeyFile(c.DATA_DIR))).toBe(false);
  });

  it("refuse to start on half a pair, a mismatched pair or a bad subject, saying which setting", () => {
    const [one, other] = [newVapidPair(), newVapidPair()];
    expect(() => config({ VAPID_PUBLIC_KEY: one.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both halves/,
    );
    const mismatched = config({
      VAPID_PUBLIC_KEY: other.publicKey,
      VAPID_PRIVATE_KEY: one.privateKey,
    });
    expect(() => loadVapidKeys(mismatched)).toThrow(/VAPID_PUBLIC_KEY: is not the public half of VAPID_PRIVATE_KEY/);
    expect(() => config({ VAPID_SUBJECT: "http://example.com" })).toThrow(/VAPID_SUBJECT: must be mailto:/);
  });

  it("are not made at all when WEB_PUSH is false", () => {
    const c = config({ WEB_PUSH: "false" });
    expect(loadVapidKeys(c)).toBeNull();
    expect(fs.existsSync(vapidKeyFile(c.DATA_DIR))).toBe(false);
  });
});
