import { isApiError } from "./api-client";
import { toast } from "./toast";

export interface ToastContent {
  title: string;
  description: string;
}

/**
 * The auth server's refusals (GoTrue's `error_code`) that would otherwise reach a person in its
 * terse English ("User is banned"), as sentences they can act on. Codes not here keep the
 * server's own sentence, which is already written for people.
 */
const AUTH_ERROR_SENTENCES: Record<string, string> = {
  email_not_confirmed: "You need to confirm your e-mail address before you can sign in.",
  // An administrator disabled the account (the auth service's ban): sign-in and the API are refused.
  user_banned:
    "This account has been disabled by the administrator of this service, so it cannot be used. Ask them to enable it again.",
};

/** An auth-js error (or the server's error code and sentence) in words for the person at the form. */
export function describeAuthError(error: { code?: string; message: string }): string {
  return (error.code && AUTH_ERROR_SENTENCES[error.code]) || error.message;
}

/** The one place where a failed operation becomes words for the user (STYLE.md rule 6). */
export function describeError(error: unknown): ToastContent {
  if (isApiError(error)) {
    if (error.code === "validation_failed") {
      return { title: "Please check the form", description: error.message };
    }
    if (error.status === 401) {
      return { title: "Your session has ended", description: "Please sign in again." };
    }
    if (error.code === "plan_limit") {
      return { title: "Plan limit reached", description: error.message };
    }
    if (error.status === 413) {
      return { title: "File too large", description: error.message };
    }
    return { title: "Something went wrong", description: error.message };
  }
  if (error instanceof Error && error.message) {
    return { title: "Something went wrong", description: error.message };
  }
  return { title: "Something went wrong", description: "Please try again." };
}

/**
 * "Please check the form" is one toast, replaced by the next: pressing Save again must not pile
 * them up over the fields (whose own errors show inline), and a save that succeeds takes it away.
 */
export const CHECK_THE_FORM_TOAST = "check-the-form";

export function toastError(error: unknown): void {
  const { title, description } = describeError(error);
  const formProblem = isApiError(error) && error.code === "validation_failed";
  toast.error(title, { description, ...(formProblem ? { id: CHECK_THE_FORM_TOAST } : {}) });
}

/** Takes a form's "Please check the form" away once the form has been saved. */
export function dismissFormToast(): void {
  toast.dismiss(CHECK_THE_FORM_TOAST);
}
