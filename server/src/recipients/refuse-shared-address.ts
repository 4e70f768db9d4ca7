import { and, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Tx } from "../db/connect.ts";
import { recipients } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { recipientName } from "./seal-recipient.ts";

/**
 * One recipient per address: a second one with the same e-mail address (any case) or phone number
 * would receive each message twice, and the owner would not know which entry a delivery came
 * from. Refused with 409 naming the recipient who has it. Run inside the transaction that writes,
 * after `lockUserRow`, so two saves cannot both pass. Only the addresses given are checked (an edit
 * passes the ones it changes), and `exceptId` is the recipient being edited.
 */
export async function refuseSharedAddress(
  tx: Tx,
  {
    masterKeys,
    userId,
    email,
    phone,
    exceptId,
  }: { masterKeys: MasterKeys; userId: string; email: string | null; phone: string | null; exceptId?: string },
): Promise<void> {
  const same: SQL[] = [];
  if (email) same.push(sql`lower(${recipients.email}) = lower(${email})`);
  if (phone) same.push(eq(recipients.phone, phone));
  if (same.length === 0) return;
  const [other] = await tx
    .select({
      id: recipients.id,
      keyId: recipients.keyId,
      wrappedKey: recipients.wrappedKey,
      name: recipients.name,
      email: recipients.email,
    })
    .from(recipients)
    .where(and(eq(recipients.userId, userId), exceptId ? ne(recipients.id, exceptId) : undefined, or(...same)))
    .limit(1);
  if (!other) return;
  const name = recipientName(masterKeys, other);
  const field = email && other.email?.toLowerCase() === email.toLowerCase() ? "email" : "phone";
  const message = `${name} already has this ${field === "email" ? "e-mail address" : "phone number"}. Choose ${name} for your messages instead, or enter another ${field === "email" ? "address" : "number"}.`;
  throw new AppError("conflict", message, { [field]: message });
}
