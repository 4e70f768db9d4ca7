import { isApiError } from "./api-client";
import { toast } from "./toast";

export interface ToastContent {
  title: string;
  description: string;
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

export function toastError(error: unknown): void {
  const { title, description } = describeError(error);
  toast.error(title, { description });
}
