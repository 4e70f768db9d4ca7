import { z } from "zod";

// Parsed once at start: a bad build-time variable fails loudly instead of half-working.
const envSchema = z.object({
  VITE_ANON_KEY: z.string().min(1).default("trigger-switch-anon-key"),
  /** Where people write for help and account deletion. Unset: the pages name "the operator". */
  VITE_SUPPORT_EMAIL: z.email().optional(),
});

export const env = envSchema.parse({
  VITE_ANON_KEY: import.meta.env.VITE_ANON_KEY || undefined,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL || undefined,
});
