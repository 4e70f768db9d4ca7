import type { ChannelsInfo } from "@trigger-switch/contracts";

/**
 * GET /api/channels read without zod: the home and privacy pages are a visitor's first download,
 * and this small answer is all they parse, not worth zod's weight there. It accepts exactly what the
 * contracts' channelsInfoSchema accepts (a test feeds both the same answers) and throws otherwise.
 */
export function readChannelsInfo(payload: unknown): ChannelsInfo {
  const fail = (what: string): never => {
    throw new Error(`Unexpected answer from /api/channels: ${what}`);
  };
  const object = (value: unknown, what: string) =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : fail(what);
  const flag = (value: unknown, what: string) => (typeof value === "boolean" ? value : fail(what));
  const strings = (value: unknown, what: string) =>
    Array.isArray(value) && value.every((s) => typeof s === "string") ? (value as string[]) : fail(what);
  const uses = (value: unknown, what: string) => {
    const u = object(value, what);
    return {
      check_in: flag(u.check_in, `${what}.check_in`),
      verification: flag(u.verification, `${what}.verification`),
      owner_reminders: flag(u.owner_reminders, `${what}.owner_reminders`),
      deliveries: flag(u.deliveries, `${what}.deliveries`),
      trusted_contacts: flag(u.trusted_contacts, `${what}.trusted_contacts`),
    };
  };
  const phone = (value: unknown, what: string) => {
    const c = object(value, what);
    return {
      available: flag(c.available, `${what}.available`),
      local: flag(c.local, `${what}.local`),
      missing: strings(c.missing, `${what}.missing`),
      uses: uses(c.uses, `${what}.uses`),
    };
  };
  const root = object(payload, "not an object");
  const email = object(root.email, "email");
  if (email.available !== true) fail("email.available");
  if (email.transport !== "smtp" && email.transport !== "outbox") fail("email.transport");
  const sms = object(root.sms, "sms");
  if (sms.from !== null && typeof sms.from !== "string") fail("sms.from");
  return {
    email: { available: true, transport: email.transport as "smtp" | "outbox" },
    whatsapp: phone(root.whatsapp, "whatsapp"),
    sms: { ...phone(sms, "sms"), from: sms.from as string | null },
  };
}
