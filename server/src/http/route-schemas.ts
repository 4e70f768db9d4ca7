import { isValidTimeZone } from "@trigger-switch/contracts";
import { z } from "zod";

/** `:id` params are plain strings: a malformed id answers 404 like an unknown one, not 400. */
export const idParams = z.object({ id: z.string() });

/** `?tz=Europe/London`: the owner's zone for the plain-language summaries (default: the schedule's zone, else UTC). */
export const timeZoneQuery = z.object({
  tz: z.string().refine(isValidTimeZone, "Unknown time zone: use an IANA name such as Europe/London").optional(),
});

export const security = [{ bearer: [] }];
