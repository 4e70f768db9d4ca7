import { AppError } from "../errors.ts";
import { dearmorAge, readAgeHeader } from "./read-age-header.ts";

/** The armored age text of a sealed message, checked; refused with a sentence naming the field otherwise. */
export function checkSealedText(armored: string): void {
  const file = dearmorAge(armored);
  const check = file ? readAgeHeader(file) : { ok: false as const, problem: "it is not age's ASCII armor" };
  if (!check.ok) {
    const message = `The sealed text was refused: ${check.problem}. Nothing was saved.`;
    throw new AppError("validation_failed", message, { "seal.text": message });
  }
}

/**
 * A sealed file as uploaded (a binary age file, or armored as `age -a` writes it), checked; returns
 * the binary file to store and the size of its plaintext, which plan limits count.
 */
export function checkSealedFile(bytes: Buffer): { file: Buffer; plaintextSize: number } {
  const armored = bytes.subarray(0, 64).toString("latin1").trimStart().startsWith("-----BEGIN AGE");
  const file = armored ? dearmorAge(bytes.toString("latin1")) : bytes;
  const check = file ? readAgeHeader(file) : { ok: false as const, problem: "its ASCII armor is malformed" };
  if (!check.ok) {
    const message = `This sealed file was refused: ${check.problem}. Nothing was saved.`;
    throw new AppError("unsupported_media_type", message, { file: message });
  }
  return { file: Buffer.from(file!), plaintextSize: check.plaintextSize };
}
