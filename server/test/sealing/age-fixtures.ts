import { agePayloadSize } from "@trigger-switch/contracts";
import { Encrypter, armor, generateIdentity, identityToRecipient } from "age-encryption";

export const PASSPHRASE = "lantern orbit velvet pumice gravy tundra";

/**
 * Age files for the server's tests. scrypt at age's default work factor takes seconds in Node, so
 * one real passphrase file is made per test file and the others are derived from it: the server
 * reads only the header and the payload's length, never the plaintext, so a real header with a
 * payload of the right length is exactly what it must accept or refuse.
 */
export async function ageFixtures(text = "Sealed words") {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(PASSPHRASE);
  const file = Buffer.from(await encrypter.encrypt(text));
  const headerEnd = file.indexOf("\n---") + 1;
  const header = file.subarray(0, file.indexOf(0x0a, headerEnd) + 1);
  /** A well-formed passphrase file that claims `size` plaintext bytes (its payload is random). */
  const ofSize = (size: number) => Buffer.concat([header, Buffer.alloc(agePayloadSize(size), 7)]);

  const weak = new Encrypter();
  weak.setPassphrase(PASSPHRASE);
  weak.setScryptWorkFactor(10);
  const x25519 = new Encrypter();
  x25519.addRecipient(await identityToRecipient(await generateIdentity()));
  const twoStanzas = Buffer.from(
    file
      .toString("latin1")
      .replace("\n-> scrypt", "\n-> X25519 AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\nAAAA\n-> scrypt"),
    "latin1",
  );
  return {
    file,
    armored: armor.encode(file),
    ofSize,
    weakArmored: armor.encode(await weak.encrypt(text)),
    x25519Armored: armor.encode(await x25519.encrypt(text)),
    x25519File: Buffer.from(await x25519.encrypt(text)),
    twoStanzasArmored: armor.encode(twoStanzas),
    /** Cut inside the nonce: no plaintext has a payload that short (a cut the length cannot show is left to the MAC). */
    truncated: file.subarray(0, header.length + 20),
  };
}
