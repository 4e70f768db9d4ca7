/**
 * How a refused request's fields are put into words, by the server (http/errors.ts, the edge
 * guard) and the web's fake API alike.
 */

/** The web forms' labels of the fields people type into, by wire name (the profile, recipient and message forms). */
export const FORM_LABELS: Readonly<Record<string, string>> = {
  first_name: "First Name",
  last_name: "Last Name",
  whatsapp_number: "WhatsApp Number",
  time_zone: "Time zone",
  name: "Name",
  email: "E-mail address",
  phone: "Phone number",
  note: "Private note",
  title: "Title",
  text_content: "Message",
};

/**
 * A wire field's path as the form labels it ("first_name" → "First Name"), else in words
 * ("panic_config.expiry_hours" → "Panic config expiry hours"), for the refusals that happen before
 * any schema's own message: the edge guard, and Zod's built-in messages that do not name their field.
 */
export function fieldName(path: readonly string[]): string {
  // Own keys only: a body may name "constructor" or "__proto__".
  const label = path.length === 1 && Object.hasOwn(FORM_LABELS, path[0]!) ? FORM_LABELS[path[0]!] : undefined;
  if (label) return label;
  const words = path
    .filter((segment) => !/^\d+$/.test(segment))
    .join(" ")
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "The request";
}

/**
 * A field's message as the API answers it. Our schemas' messages name their field as the form
 * labels it ("Hours must be a whole number"); Zod's own ("Invalid input: expected number, received
 * string") do not, and get its name in words.
 */
export function fieldMessage(path: readonly string[], message: string | undefined): string {
  if (!message) return `${fieldName(path)} is not valid`;
  return /^(Invalid|Unrecognized|Too (big|small)|Expected)\b/.test(message)
    ? `${fieldName(path)}: ${message}`
    : message;
}

/** The refusal's one sentence: the first field's message, and how many more need a change. */
export function validationMessage(messages: readonly string[]): string {
  const [first] = messages;
  if (first === undefined) return "Invalid request";
  const more = messages.length - 1;
  const sentence = /[.!?)]$/.test(first) ? first : `${first}.`;
  if (more === 0) return sentence;
  return `${sentence} ${more === 1 ? "One more field needs" : `${more} more fields need`} a change.`;
}
