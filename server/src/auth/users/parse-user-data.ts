import { USER_METADATA_MAX_CHARS, USER_METADATA_MAX_DEPTH } from "../constants.ts";
import { validationFailed } from "../gotrue-error.ts";
import { textProblem } from "./text-problem.ts";

/**
 * `data` of sign-up and PUT /user: a plain JSON object (absent → {}), at most
 * USER_METADATA_MAX_DEPTH levels deep and USER_METADATA_MAX_CHARS of JSON, with no NUL or
 * lone surrogate in any key or string. It is walked without recursion, so a deeply nested body
 * is refused here with a 400 instead of blowing the stack later (signing a token, writing jsonb).
 */
export function parseUserData(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw validationFailed("data must be a JSON object");

  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node === "string") {
      const problem = textProblem(node);
      if (problem) throw validationFailed(`data must not contain ${problem}`);
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    if (depth > USER_METADATA_MAX_DEPTH)
      throw validationFailed(`data is nested too deeply (at most ${USER_METADATA_MAX_DEPTH} levels)`);
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(node)) {
      const problem = textProblem(key);
      if (problem) throw validationFailed(`data keys must not contain ${problem}`);
      stack.push({ node: item, depth: depth + 1 });
    }
  }
  if (JSON.stringify(value).length > USER_METADATA_MAX_CHARS) {
    throw validationFailed(`data is too large (at most ${USER_METADATA_MAX_CHARS} characters of JSON)`);
  }
  return value as Record<string, unknown>;
}
