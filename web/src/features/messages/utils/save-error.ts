import type { SaveStepError } from "../api/save-message";
import { errorKey } from "@/features/conditions";

/** The server's field messages of a failed condition, keyed as the builder shows them. */
export function conditionFieldErrors(error: SaveStepError): Record<string, string> {
  const fields = error.fields;
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) result[errorKey(path.split("."))] ??= message;
  return result;
}
