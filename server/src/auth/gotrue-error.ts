/**
 * An error in the GoTrue wire shape: `{ code: <HTTP status>, error_code, msg }`.
 * We answer in the legacy shape (no `X-Supabase-Api-Version` response header), which
 * @supabase/auth-js reads through `error_code` whatever API version it asked for.
 */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra top-level fields of the body, e.g. `weak_password: { reasons }`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "GoTrueError";
  }

  toBody(): Record<string, unknown> {
    return { code: this.status, error_code: this.errorCode, msg: this.message, ...this.extra };
  }
}

export const validationFailed = (msg: string) => new GoTrueError(400, "validation_failed", msg);

export const invalidCredentials = () => new GoTrueError(400, "invalid_credentials", "Invalid login credentials");

export const weakPassword = (minLength: number) =>
  new GoTrueError(422, "weak_password", `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ["length"] },
  });

export const otpExpired = () => new GoTrueError(403, "otp_expired", "Token has expired or is invalid");
