import type { Attachment } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { downloadAttachment } from "@/features/attachments";
import { openBytes } from "@/features/sealing";

let counter = 0;

/**
 * Saved files that must change form with the message — sealed when it is sealed, re-sealed under
 * a new passphrase, opened when it is unsealed — fetched and opened here (`passphrase`: the one
 * that seals them now; null for unsealed files). They are removed by the save and uploaded again
 * after it, in the same order, in their new form.
 */
export async function carryAttachments(
  api: ApiClient,
  attachments: Attachment[],
  passphrase: string | null,
): Promise<{ key: string; file: File }[]> {
  const carried: { key: string; file: File }[] = [];
  for (const attachment of attachments) {
    const stored = new Uint8Array(await (await downloadAttachment(api, attachment)).arrayBuffer());
    const bytes = attachment.sealed && passphrase ? await openBytes(passphrase, stored) : stored;
    carried.push({ key: `carried-${(counter += 1)}`, file: new File([new Uint8Array(bytes)], attachment.file_name) });
  }
  return carried;
}
