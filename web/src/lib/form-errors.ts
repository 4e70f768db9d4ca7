import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { isApiError } from "./api-client";
import { toastError } from "./error-toast";

/**
 * Puts the server's per-field messages (400 `fields`) under their inputs; anything else, or a
 * field the form does not show, becomes the usual toast. What the user typed stays untouched.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: readonly Path<T>[],
): void {
  const messages = isApiError(error) ? error.fields : {};
  const known = fields.filter((name) => messages[name]);
  known.forEach((name, index) => form.setError(name, { message: messages[name] }, { shouldFocus: index === 0 }));
  if (known.length === 0) toastError(error);
}
