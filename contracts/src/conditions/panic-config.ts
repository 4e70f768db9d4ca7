import { z } from "zod";
import { EXPIRY_MAX_HOURS, UNLOCK_DELAY_MAX_HOURS } from "../limits.ts";

/**
 * panic_config (spec §3). keep_armed applies to panic_trigger only (unset = true, as the spec
 * says). unlock_delay_hours and expiry_hours govern the recipients' access page and are allowed
 * on every condition type (0 = open at once / never expires).
 */
export const panicConfigSchema = z
  .object({
    keep_armed: z.boolean({ message: "“Keep armed after it is used” must be true or false" }).optional(),
    unlock_delay_hours: z
      .number({ message: "“Open after (hours)” must be a number" })
      .min(0, "“Open after (hours)” cannot be negative: choose 0 to open at once")
      .max(UNLOCK_DELAY_MAX_HOURS, `“Open after (hours)” must be at most ${UNLOCK_DELAY_MAX_HOURS} (30 days)`)
      .optional(),
    expiry_hours: z
      .number({ message: "“Link expires after (hours)” must be a number" })
      .min(0, "“Link expires after (hours)” cannot be negative: choose 0 for never")
      .max(EXPIRY_MAX_HOURS, `“Link expires after (hours)” must be at most ${EXPIRY_MAX_HOURS} (10 years)`)
      .optional(),
  })
  .strict();
export type PanicConfig = z.output<typeof panicConfigSchema>;

/**
 * The access window a condition gives its release, as the wire states it on every condition:
 * unset means 0 (the message opens at once / never expires). The server's DTO and the web's test
 * fake both take it from here, so they cannot disagree about the default.
 */
export function accessWindowOf(config: { unlock_delay_hours?: number; expiry_hours?: number }): {
  unlock_delay_hours: number;
  expiry_hours: number;
} {
  return { unlock_delay_hours: config.unlock_delay_hours ?? 0, expiry_hours: config.expiry_hours ?? 0 };
}
