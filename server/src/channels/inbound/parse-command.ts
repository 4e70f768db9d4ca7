/** What a text asks for. Anything that is not a command is a check-in. */
export type Command = "check_in" | "status" | "help" | "stop";

/** Carriers' and Twilio's opt-out words; WhatsApp has none of its own, so we honour the same ones. */
const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);

export function parseCommand(text: string): Command {
  const word = text
    .trim()
    .replace(/[.!?\s]+$/u, "")
    .toUpperCase();
  if (word === "STATUS") return "status";
  if (word === "HELP" || word === "INFO") return "help";
  if (STOP_WORDS.has(word)) return "stop";
  return "check_in";
}
