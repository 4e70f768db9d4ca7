import { z } from "zod";
import { isValidTimeZone } from "./conditions/zoned-time.ts";

/** E.164: a plus, a country code and up to 15 digits in all. Spaces, dashes, dots and brackets are dropped first. */
export function normalizePhone(input: string): string {
  return input.replace(/[\s\-().]/g, "");
}
const E164 = /^\+[1-9]\d{6,14}$/;
const PHONE_MESSAGE = "Enter the number in international format with the country code, e.g. +44 7700 900123";

const name = (label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`);

export const whatsappNumberSchema = z
  .string()
  .transform(normalizePhone)
  .refine((v) => v === "" || E164.test(v), PHONE_MESSAGE);

/** IANA name ("Europe/London"): the zone reminders and alerts name times in. */
export const timeZoneSchema = z
  .string({ message: "Time zone must be text" })
  .trim()
  .refine((v) => v === "" || isValidTimeZone(v), "Choose a time zone from the list, e.g. Europe/London");

/** PUT /api/profile. Every field optional; "" clears a field. */
export const profileUpdateSchema = z
  .object({
    first_name: name("First name"),
    last_name: name("Last name"),
    whatsapp_number: whatsappNumberSchema,
    time_zone: timeZoneSchema,
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  /** Null until the owner saves their profile; mails then name times in UTC. */
  time_zone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export interface Completeness {
  isComplete: boolean;
  /** Share of the three required fields filled, rounded to a whole percent. */
  percentage: number;
  /** Labels of what is missing, in form order. */
  missing: string[];
}

const REQUIRED = [
  ["first_name", "First Name"],
  ["last_name", "Last Name"],
  ["whatsapp_number", "WhatsApp Number"],
] as const;

/** Spec §5: whitespace-only counts as missing; no profile at all → 0 % and one generic item. */
export function profileCompleteness(
  profile: Pick<Profile, "first_name" | "last_name" | "whatsapp_number"> | null | undefined,
): Completeness {
  if (!profile) return { isComplete: false, percentage: 0, missing: ["Complete profile setup required"] };
  const missing = REQUIRED.filter(([key]) => !profile[key]?.trim()).map(([, label]) => label);
  const filled = REQUIRED.length - missing.length;
  return { isComplete: missing.length === 0, percentage: Math.round((filled / REQUIRED.length) * 100), missing };
}

/** Spec §3: first letters of first and last name, upper-cased, else 'U'. */
export function initials(profile: Pick<Profile, "first_name" | "last_name"> | null | undefined): string {
  const letters = `${profile?.first_name?.trim()[0] ?? ""}${profile?.last_name?.trim()[0] ?? ""}`.toUpperCase();
  return letters || "U";
}

export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
