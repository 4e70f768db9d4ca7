import { PASSWORD_MAX_LENGTH } from "../constants.ts";
import { validationFailed, weakPassword } from "../gotrue-error.ts";

/**
 * The password policy: at least PASSWORD_MIN_LENGTH characters (counted as code points, so
 * "ü" or an emoji counts once). Too short is GoTrue's 422 `weak_password` with reasons.
 */
export function checkPassword(password: unknown, minLength: number, missingMessage: string): string {
  if (typeof password !== "string" || password.length === 0) throw validationFailed(missingMessage);
  const length = [...password].length;
  if (length < minLength) throw weakPassword(minLength);
  if (length > PASSWORD_MAX_LENGTH) throw validationFailed(`Password should be at most ${PASSWORD_MAX_LENGTH} characters.`);
  return password;
}
