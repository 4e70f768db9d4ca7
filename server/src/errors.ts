/**
 * The one error type of the API. Each code maps to one HTTP status in `http/errors.ts`;
 * the web app maps codes to the spec's toasts in one place.
 */
export const errorCodes = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  /** The account has a second factor and this session has not proved it yet (aal1). */
  insufficient_aal: 403,
  /** A plan limit (messages, recipients, attachments) is reached; the web app offers an upgrade. */
  plan_limit: 403,
  not_found: 404,
  /** The request body arrived too slowly and the connection was closed (http/slow-body-guard.ts). */
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages a form can show next to its inputs. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorCodes[this.code];
  }
}

export const notFound = (what = "Not found") => new AppError("not_found", what);
