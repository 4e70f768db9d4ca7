/**
 * age in the browser (the age-encryption package, the reference TypeScript implementation):
 * passphrase (scrypt) recipient at age's default work factor, so the `age` tool opens every file.
 * Loaded on first use: pages without a sealed message never download it.
 */
const loadAge = () => import("age-encryption");

/** The passphrase does not open the file (age: no identity matched). */
export class WrongPassphraseError extends Error {
  constructor() {
    super("That passphrase does not open this message. Check it, letter by letter, and try again.");
    this.name = "WrongPassphraseError";
  }
}

/** The file is not an age file this page can open (damaged, or encrypted another way). */
export class NotOpenableError extends Error {
  constructor(cause: unknown) {
    super(`This sealed part could not be opened: ${cause instanceof Error ? cause.message : "it is damaged"}.`);
    this.name = "NotOpenableError";
  }
}

/** The text as an ASCII-armored age file, ready to send as `seal.text`. */
export async function sealText(passphrase: string, text: string): Promise<string> {
  const { Encrypter, armor } = await loadAge();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  return armor.encode(await encrypter.encrypt(text));
}

/** A file's bytes as a binary age file (what `age -p` writes). */
export async function sealBytes(passphrase: string, bytes: Uint8Array): Promise<Uint8Array> {
  const { Encrypter } = await loadAge();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  return encrypter.encrypt(bytes);
}

async function decrypt<T>(passphrase: string, run: (age: Awaited<ReturnType<typeof loadAge>>) => Promise<T>) {
  const age = await loadAge();
  try {
    return await run(age);
  } catch (error) {
    if (error instanceof Error && /no identity matched/.test(error.message)) throw new WrongPassphraseError();
    throw new NotOpenableError(error);
  }
}

/** The text of an armored age file; WrongPassphraseError when the passphrase does not open it. */
export function openText(passphrase: string, armored: string): Promise<string> {
  return decrypt(passphrase, async ({ Decrypter, armor }) => {
    const decrypter = new Decrypter();
    decrypter.addPassphrase(passphrase);
    return decrypter.decrypt(armor.decode(armored), "text");
  });
}

/** The bytes of a binary (or armored) age file; WrongPassphraseError when the passphrase does not open it. */
export function openBytes(passphrase: string, file: Uint8Array): Promise<Uint8Array> {
  return decrypt(passphrase, async ({ Decrypter, armor }) => {
    const decrypter = new Decrypter();
    decrypter.addPassphrase(passphrase);
    const armored = new TextDecoder().decode(file.subarray(0, 40)).trimStart().startsWith("-----BEGIN AGE");
    return decrypter.decrypt(armored ? armor.decode(new TextDecoder().decode(file)) : file);
  });
}
