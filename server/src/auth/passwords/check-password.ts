import { passwordProblem, passwordProblemMessage } from "@trigger-switch/contracts";
import { validationFailed, weakPassword } from "../gotrue-error.ts";

/**
 * The password policy shared with the web forms (contracts' password-policy). Too short is
 * GoTrue's 422 `weak_password` with reasons; too long a 400 with the same sentence the form shows.
 */
export function checkPassword(password: unknown, minLength: number, missingMessage: string): string {
  if (typeof password !== "string" || password.length === 0) throw validationFailed(missingMessage);
  const problem = passwordProblem(password, minLength);
  if (problem === "too_short") throw weakPassword(minLength);
  if (problem) throw validationFailed(`${passwordProblemMessage(problem, minLength)}.`);
  return password;
}
