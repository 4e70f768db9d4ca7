import { CHANNEL_WORDS } from "@trigger-switch/contracts";
import type { ReleasedTo } from "./read-release-recipients.ts";

/**
 * How many people the owner's release notice names before it counts the rest ("… and 3 others").
 * Four names fit a sentence a worried person reads at once; past that the message page lists
 * everyone. Never fewer than two are counted: "and 1 other" would hide a name that fits.
 */
export const NAMES_SHOWN = 4;

/**
 * "Sam Lee and Ada Byron", "Sam, Ada, Kim and 3 others": the recipients by name (as the owner
 * wrote them), alphabetically, at most NAMES_SHOWN of them. With `withChannels`, each name says
 * how we reach them, in the order we try: "Sam Lee (e-mail)", "Ada Byron (WhatsApp, then SMS)".
 * Never an address or a number: a notice can be forwarded, and the owner knows them already.
 */
export function nameRecipients(
  people: ReleasedTo[],
  { withChannels = false }: { withChannels?: boolean } = {},
): string {
  const sorted = [...people].sort((a, b) =>
    a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, "en"),
  );
  const shown = sorted.length <= NAMES_SHOWN ? sorted : sorted.slice(0, NAMES_SHOWN - 1);
  const words = shown.map((p) => {
    const name = p.name ?? "a recipient you have since deleted";
    return withChannels && p.channels.length > 0
      ? `${name} (${p.channels.map((c) => CHANNEL_WORDS[c]).join(", then ")})`
      : name;
  });
  const rest = sorted.length - shown.length;
  if (rest > 0) words.push(`${rest} others`);
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
