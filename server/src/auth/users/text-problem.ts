const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored as text, or null when it can: PostgreSQL refuses NUL in text
 * and jsonb, and a lone UTF-16 surrogate is not Unicode (it cannot be written as UTF-8).
 */
export function textProblem(value: string): string | null {
  if (value.includes("\u0000")) return "the NUL character (\\u0000)";
  if (LONE_SURROGATE.test(value)) return "a lone surrogate (broken Unicode text)";
  return null;
}
