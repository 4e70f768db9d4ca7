import { z } from "zod";
import { validationFailed } from "../gotrue-error.ts";

const emailSchema = z.email();

/** Trimmed, lower-cased and checked; GoTrue's 400 `validation_failed` otherwise. */
export function parseEmail(value: unknown, missingMessage: string): string {
  if (typeof value !== "string" || value.trim() === "") throw validationFailed(missingMessage);
  const email = value.trim().toLowerCase();
  if (email.length > 255 || !emailSchema.safeParse(email).success) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email;
}
