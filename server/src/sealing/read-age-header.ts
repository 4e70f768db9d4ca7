import { AGE_SCRYPT_WORK_FACTOR, AGE_SCRYPT_WORK_FACTOR_MAX, agePlaintextSize } from "@trigger-switch/contracts";

/**
 * What the server can learn of an age file without any key (age-encryption.org/v1): that it is
 * one, that only a passphrase opens it (one scrypt stanza, as the format requires of passphrase
 * files, with at least age's default work factor), and how many plaintext bytes it holds. The
 * payload itself is never read: nothing here can see or check the plaintext.
 */
export type AgeFileCheck = { ok: true; plaintextSize: number } | { ok: false; problem: string };

const INTRO = "age-encryption.org/v1\n";
const B64 = /^[A-Za-z0-9+/]*$/;
const HEADER_LINES_MAX = 16;

export function readAgeHeader(file: Uint8Array): AgeFileCheck {
  const fail = (problem: string): AgeFileCheck => ({ ok: false, problem });
  const lines: string[] = [];
  let at = 0;
  // Header lines are ASCII; reading stops at the MAC line, so the payload is never decoded as text.
  while (lines.length < HEADER_LINES_MAX) {
    const end = file.indexOf(0x0a, at);
    if (end < 0) return fail("it ends inside the age header");
    const line = Buffer.from(file.subarray(at, end)).toString("latin1");
    at = end + 1;
    lines.push(line);
    if (line.startsWith("---")) break;
  }
  if (`${lines[0]}\n` !== INTRO) return fail("it is not an age file (it does not start with age-encryption.org/v1)");
  const mac = lines.at(-1)!;
  if (!mac.startsWith("--- ") || !isBase64Of(mac.slice(4), 32)) return fail("its age header has no valid MAC line");

  const stanzas: { args: string[]; body: string[] }[] = [];
  for (const line of lines.slice(1, -1)) {
    if (line.startsWith("-> ")) stanzas.push({ args: line.slice(3).split(" "), body: [] });
    else if (stanzas.length > 0 && B64.test(line) && line.length <= 64) stanzas.at(-1)!.body.push(line);
    else return fail("its age header has a line that is not part of a recipient stanza");
  }
  if (stanzas.length !== 1 || stanzas[0]!.args[0] !== "scrypt")
    return fail("it is not encrypted with a passphrase only (age's scrypt recipient, alone)");
  const [, salt, logN, ...extra] = stanzas[0]!.args;
  const body = stanzas[0]!.body;
  if (extra.length > 0 || !salt || !isBase64Of(salt, 16) || !logN || !/^[1-9][0-9]?$/.test(logN))
    return fail("its passphrase stanza is malformed");
  if (Number(logN) < AGE_SCRYPT_WORK_FACTOR)
    return fail(`its passphrase work factor (${logN}) is below age's default (${AGE_SCRYPT_WORK_FACTOR})`);
  if (Number(logN) > AGE_SCRYPT_WORK_FACTOR_MAX)
    return fail(`its passphrase work factor (${logN}) is above what age opens (${AGE_SCRYPT_WORK_FACTOR_MAX})`);
  if (body.length !== 1 || !isBase64Of(body[0]!, 32)) return fail("its passphrase stanza is malformed");

  const plaintextSize = agePlaintextSize(file.length - at);
  if (plaintextSize === null) return fail("its encrypted payload is cut short or has a wrong length");
  return { ok: true, plaintextSize };
}

/** Unpadded base64 of exactly `bytes` bytes, as age writes it (canonical: the unused bits are zero). */
function isBase64Of(text: string, bytes: number): boolean {
  if (!B64.test(text) || text.length !== Math.ceil((bytes * 4) / 3)) return false;
  const decoded = Buffer.from(text, "base64");
  return decoded.length === bytes && decoded.toString("base64").replace(/=+$/, "") === text;
}

const ARMOR_BEGIN = "-----BEGIN AGE ENCRYPTED FILE-----";
const ARMOR_END = "-----END AGE ENCRYPTED FILE-----";

/**
 * The binary age file inside age's ASCII armor (a strict PEM subset: lines of 64 base64 characters,
 * the last shorter), or null when the text is not armor.
 */
export function dearmorAge(text: string): Uint8Array | null {
  const lines = text.trim().split(/\r?\n/);
  if (lines.length < 3 || lines[0] !== ARMOR_BEGIN || lines.at(-1) !== ARMOR_END) return null;
  const body = lines.slice(1, -1);
  const last = body.at(-1)!;
  if (body.slice(0, -1).some((l) => l.length !== 64) || last.length === 0 || last.length > 64) return null;
  const joined = body.join("");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(joined) || joined.length % 4 !== 0) return null;
  return Buffer.from(joined, "base64");
}
