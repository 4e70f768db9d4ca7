import { USER_METADATA_MAX_CHARS } from "../constants.ts";
import { validationFailed } from "../gotrue-error.ts";

/** `data` of sign-up and PUT /user: a plain JSON object (absent → {}), bounded in size. */
export function parseUserData(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw validationFailed("data must be a JSON object");
  if (JSON.stringify(value).length > USER_METADATA_MAX_CHARS) {
    throw validationFailed(`data is too large (at most ${USER_METADATA_MAX_CHARS} characters of JSON)`);
  }
  return value as Record<string, unknown>;
}
