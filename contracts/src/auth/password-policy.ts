import { z } from "zod";

/**
 * The one password policy of the product, used by the web forms and by the auth server
 * (docs/decisions/017). Lengths count code points, so "ü" or an emoji counts once.
 * The minimum is the server's PASSWORD_MIN_LENGTH (default below), published by
 * GET /auth/v1/settings as `password_min_length`; the maximum is fixed: it only bounds the
 * argon2 work per request.
 */
export const PASSWORD_DEFAULT_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordProblem = "missing" | "too_short" | "too_long";

export function passwordLength(password: string): number {
  return [...password].length;
}

/** What is wrong with a new password under the policy, or null when it is acceptable. */
export function passwordProblem(password: string, minLength = PASSWORD_DEFAULT_MIN_LENGTH): PasswordProblem | null {
  if (password.length === 0) return "missing";
  const length = passwordLength(password);
  if (length < minLength) return "too_short";
  if (length > PASSWORD_MAX_LENGTH) return "too_long";
  return null;
}

/** The sentence for a problem, the same on the form and in the server's answer. */
export function passwordProblemMessage(problem: PasswordProblem, minLength = PASSWORD_DEFAULT_MIN_LENGTH): string {
  if (problem === "missing") return "Enter a password";
  if (problem === "too_short") return `Use at least ${minLength} characters`;
  return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
}

/** A form field for a new password under the policy. */
export function newPasswordField(minLength = PASSWORD_DEFAULT_MIN_LENGTH) {
  return z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value, minLength);
    if (problem) ctx.addIssue({ code: "custom", message: passwordProblemMessage(problem, minLength) });
  });
}
