import { SEALED_HINT_MAX } from "@trigger-switch/contracts";
import type { PassphraseRating } from "./passphrase";

/** The editor's sealing choices. The passphrase lives only in this state: never sent, never stored. */
export interface SealDraft {
  on: boolean;
  passphrase: string;
  /** The last generated passphrase: strong by construction, so it needs no rating while unchanged. */
  generated: string | null;
  hint: string;
  /** The owner confirmed each recipient knows the passphrase or where to find it. */
  told: boolean;
}

export const sealOff = (): SealDraft => ({ on: false, passphrase: "", generated: null, hint: "", told: false });

/** A sealed message unlocked for editing keeps its passphrase and hint. */
export const sealKept = (passphrase: string, hint: string | null): SealDraft => ({
  on: true,
  passphrase,
  generated: null,
  hint: hint ?? "",
  told: true,
});

export type SealErrors = Partial<Record<"passphrase" | "hint" | "told", string>>;

/**
 * What stops sealing with this draft, per field (empty when it can be saved). `rating` is the
 * typed passphrase's rating (null: not rated yet, or generated). A hint that contains the passphrase
 * would hand it to the server, so it is refused too.
 */
export function sealProblems(draft: SealDraft, rating: PassphraseRating | null): SealErrors {
  if (!draft.on) return {};
  const errors: SealErrors = {};
  const passphrase = draft.passphrase;
  if (!passphrase.trim()) errors.passphrase = "Choose a passphrase, or generate one.";
  // A typed passphrase not rated yet (rating null) is not called weak; the save rates it before checking.
  else if (passphrase !== draft.generated && rating && !rating.ok) errors.passphrase = rating.reason;
  if (draft.hint.trim().length > SEALED_HINT_MAX)
    errors.hint = `The hint must be at most ${SEALED_HINT_MAX} characters.`;
  else if (passphrase.trim() && draft.hint.toLowerCase().includes(passphrase.trim().toLowerCase()))
    errors.hint = "The hint contains the passphrase. The server can read the hint, so leave the passphrase out of it.";
  if (!draft.told) errors.told = "Confirm that each recipient knows the passphrase, or where to find it.";
  return errors;
}
