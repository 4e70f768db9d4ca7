import { isApiError } from "@/lib/api-client";
import type { SaveStepError } from "../../api/save-message";
import { errorKey } from "../../utils/check-draft";

/** The server's field messages of a failed condition, keyed as the builder shows them. */
export function conditionFieldErrors(error: SaveStepError): Record<string, string> {
  const fields = isApiError(error.cause) ? error.cause.fields : {};
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) result[errorKey(path.split("."))] ??= message;
  return result;
}

/** What the "saved, but" banner says about the part that did not save. */
export const STEP_WORDS: Record<SaveStepError["step"], string> = {
  message: "The message",
  recipients: "The recipients",
  condition: "A condition",
  attachment: "An attachment",
};
