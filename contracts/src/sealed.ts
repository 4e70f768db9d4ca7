import { z } from "zod";
import { MESSAGE_TEXT_MAX } from "./limits.ts";

/**
 * Sealed messages (docs/decisions/036): the text and files are age files encrypted in the owner's
 * browser with a passphrase (scrypt recipient) the server never sees. These are the rules both
 * sides need: sizes, the passphrase policy, and the shape a sealed message travels in.
 */

/** A generated passphrase has this many words of the EFF large list (7,776 words: 12.9 bits each). */
export const SEALED_PASSPHRASE_WORDS = 6;
/** The least estimated strength of a typed passphrase, in bits (log2 of the guesses needed). */
export const SEALED_PASSPHRASE_MIN_BITS = 75;
/** age's own default scrypt work factor (log2 N); the server refuses a weaker file. */
export const AGE_SCRYPT_WORK_FACTOR = 18;
/** The most the browser's age (the age-encryption package) opens: a file above it could not be read on the access page. */
export const AGE_SCRYPT_WORK_FACTOR_MAX = 20;
export const SEALED_HINT_MAX = 200;

const AGE_CHUNK = 64 * 1024;
const AGE_TAG = 16;
const AGE_NONCE = 16;

/** Bytes of an age payload (nonce and tagged chunks) for a plaintext of `size` bytes; the header comes on top. */
export function agePayloadSize(size: number): number {
  return AGE_NONCE + size + AGE_TAG * Math.max(1, Math.ceil(size / AGE_CHUNK));
}

/** The plaintext size an age payload of `payload` bytes holds, or null when no plaintext has that payload size. */
export function agePlaintextSize(payload: number): number | null {
  const body = payload - AGE_NONCE;
  if (body < AGE_TAG) return null;
  const chunks = Math.max(1, Math.ceil(body / (AGE_CHUNK + AGE_TAG)));
  const size = body - chunks * AGE_TAG;
  return size >= 0 && agePayloadSize(size) === payload ? size : null;
}

/** Room for a passphrase-only header (a scrypt stanza and the MAC) with margin. */
export const AGE_HEADER_MAX = 512;

/**
 * The longest armored age text the server takes: a message's text at its longest (MESSAGE_TEXT_MAX
 * characters, at most 4 UTF-8 bytes each), encrypted, in base64 lines of 64 with the armor lines.
 */
export const SEALED_TEXT_MAX =
  Math.ceil(((agePayloadSize(MESSAGE_TEXT_MAX * 4) + AGE_HEADER_MAX) * 4) / 3 / 64) * 65 + 80;

export const SEALED_TEXT_REQUIRED =
  "A sealed message's text must be an age file (ASCII armor) encrypted in the browser";

/** What the editor sends to seal a message, or to change its passphrase: the new ciphertext and hint. */
export const sealInputSchema = z
  .object({
    /** The message's text as an ASCII-armored age file (passphrase recipient only). */
    text: z
      .string({ message: SEALED_TEXT_REQUIRED })
      .min(1, SEALED_TEXT_REQUIRED)
      .max(SEALED_TEXT_MAX, "The sealed text is longer than the longest message can be once encrypted"),
    /** Shown to recipients above the passphrase field; readable by the server, so never the passphrase. */
    hint: z
      .string({ message: "The hint must be text" })
      .trim()
      .max(SEALED_HINT_MAX, `The hint must be at most ${SEALED_HINT_MAX} characters`)
      .transform((v) => v || null)
      .nullable()
      .default(null),
  })
  .strict();
export type SealInput = z.input<typeof sealInputSchema>;

/** A sealed message as the owner and its recipients receive it: the ciphertext, opened in the browser. */
export const sealedPartSchema = z.object({ text: z.string(), hint: z.string().nullable() });
export type SealedPart = z.infer<typeof sealedPartSchema>;
