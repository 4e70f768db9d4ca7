/**
 * Whether an attempt was kept in this server's local mailbox rather than handed to a mail server
 * or a provider. Recorded at send time (`response_data.kept_locally`); an attempt logged before
 * that was recorded reads from what it left: a local phone send's `local:` id, or, for e-mail,
 * whether this server has a mail server now.
 */
export function keptLocally(
  log: { deliveryChannel: string; providerMessageId: string | null; responseData: Record<string, unknown> },
  usesOutbox: boolean,
): boolean {
  const recorded = log.responseData.kept_locally;
  if (typeof recorded === "boolean") return recorded;
  if (log.providerMessageId?.startsWith("local:")) return true;
  return log.deliveryChannel === "email" && usesOutbox;
}
