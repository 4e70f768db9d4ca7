import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileDurably } from "../runtime/durable-file.ts";
import type { Config } from "../config.ts";

/**
 * The local mailbox's key: MAILBOX_KEY, else `DATA_DIR/keys/mailbox.key` (folder 0700, file 0600),
 * created on first use with an exclusive create so processes sharing DATA_DIR agree on it.
 */
export function mailboxKey(config: Pick<Config, "MAILBOX_KEY" | "DATA_DIR">): string {
  if (config.MAILBOX_KEY) return config.MAILBOX_KEY;
  const dir = path.join(config.DATA_DIR, "keys");
  const file = path.join(dir, "mailbox.key");
  writeFileDurably(file, crypto.randomBytes(24).toString("base64url"), { exclusive: true });
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return fs.readFileSync(file, "utf8").trim();
}

/** The address the start-up log prints: the only way in for whoever runs the server. */
export const mailboxUrl = (config: Pick<Config, "MAILBOX_KEY" | "DATA_DIR" | "SITE_URL">): string =>
  `${config.SITE_URL}/dev/mailbox?key=${mailboxKey(config)}`;

/** True when this server keeps mail in the local mailbox (no SMTP_URL, not production). */
export const hasLocalMailbox = (config: Pick<Config, "usesOutbox" | "NODE_ENV">): boolean =>
  config.usesOutbox && config.NODE_ENV !== "production";
