import type { messageSaveSchema, SealedPart } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { MessageCipher } from "../crypto/message-cipher.ts";
import type { Tx } from "../db/connect.ts";
import { messageAttachments } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { checkSealedText } from "./check-sealed.ts";

type SaveInput = z.output<typeof messageSaveSchema>;

/** The stored sealed columns of a message: the age text and the hint, both under the message's data key too. */
export function sealedColumns(cipher: MessageCipher, seal: SealedPart | null) {
  return {
    sealedText: seal ? cipher.sealText("sealed_text", seal.text) : null,
    sealedHint: seal?.hint ? cipher.sealText("sealed_hint", seal.hint) : null,
  };
}

/** The sealed part of a stored message for its owner or a recipient, or null when it is not sealed. */
export function openSealed(
  cipher: MessageCipher,
  row: { sealedText: string | null; sealedHint: string | null },
): SealedPart | null {
  if (row.sealedText === null) return null;
  return {
    text: cipher.openText("sealed_text", row.sealedText),
    hint: row.sealedHint === null ? null : cipher.openText("sealed_hint", row.sealedHint),
  };
}

const PLAINTEXT_REFUSED =
  "This message is sealed: its text can only change by sealing it again in your browser. The text you sent was not saved.";

/**
 * What a save does to a message's seal, checked before anything is written: the columns to set, or
 * undefined to leave them. `wasSealed` is the stored message's state (false for a new message).
 * A sealed message never receives plaintext; sealing a message needs its unsealed files removed
 * (the browser uploads sealed copies after the save) and unsealing needs its sealed files removed.
 */
export async function applySealRules(
  tx: Tx,
  {
    cipher,
    messageId,
    wasSealed,
    input,
  }: { cipher: MessageCipher; messageId: string | null; wasSealed: boolean; input: SaveInput },
): Promise<ReturnType<typeof sealedColumns> | undefined> {
  if (input.unseal && !wasSealed)
    throw new AppError("conflict", "This message is not sealed, so there is nothing to unseal. Nothing was saved.", {
      unseal: "This message is not sealed",
    });
  if (wasSealed && !input.seal && !input.unseal && input.text_content !== "")
    throw new AppError("conflict", PLAINTEXT_REFUSED, { text_content: PLAINTEXT_REFUSED });
  if (input.seal) checkSealedText(input.seal.text);

  const mustGo = input.seal && !wasSealed ? false : input.unseal ? true : null;
  if (mustGo !== null && messageId !== null) {
    const files = await tx
      .select({ id: messageAttachments.id, sealed: messageAttachments.sealed })
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, messageId));
    const removed = new Set(input.remove_attachment_ids);
    if (files.some((f) => f.sealed === mustGo && !removed.has(f.id))) {
      const message = mustGo
        ? "Unsealing must replace every sealed file with its opened copy: remove the sealed files in the same save. Nothing was saved."
        : "Sealing must replace every file with a sealed copy: remove the unsealed files in the same save. Nothing was saved.";
      throw new AppError("conflict", message, { remove_attachment_ids: message });
    }
  }
  if (input.seal) return sealedColumns(cipher, { text: input.seal.text, hint: input.seal.hint });
  if (input.unseal) return sealedColumns(cipher, null);
  return undefined;
}
