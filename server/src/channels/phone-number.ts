/** E.164: a plus, a country code and 7 to 15 digits in all (contracts' profile rule). */
const E164 = /^\+[1-9]\d{6,14}$/;

export const isE164 = (value: string) => E164.test(value);

/** WhatsApp webhooks name numbers without the plus ("447700900123"); null if it is not a number at all. */
export function e164FromWaId(waId: string): string | null {
  const candidate = `+${waId}`;
  return /^\d+$/.test(waId) && isE164(candidate) ? candidate : null;
}
