/** "Ada Lovelace", or "the sender" when their profile has no name. */
export function senderName(sender: { first_name: string | null; last_name: string | null }): string {
  const name = [sender.first_name, sender.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || "the sender";
}
