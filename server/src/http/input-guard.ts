import { fieldName, SEALED_TEXT_MAX } from "@trigger-switch/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/** No text field of any route is longer than this; each schema has its own, smaller limit. */
export const MAX_TEXT_LENGTH = 100_000;
/**
 * The one longer field: a sealed message's text arrives as armored age ciphertext, which is about
 * a third longer than the longest text it can hold (its schema keeps its own limit).
 */
const LONGER_BODY_FIELDS: Record<string, number> = { "seal.text": SEALED_TEXT_MAX };
/** No route takes JSON nested deeper than this (recurring_pattern and user metadata are the deepest). */
export const MAX_NESTING = 32;

// A high surrogate not followed by a low one, or a low one without a high one before it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Where = "body" | "query" | "params";

/**
 * One guard at the edge for every text that reaches any route (API, functions, auth, mailbox):
 * NUL characters and lone surrogates cannot be stored faithfully (PostgreSQL refuses U+0000, and a
 * lone surrogate would be silently replaced), strings beyond MAX_TEXT_LENGTH and JSON nested beyond
 * MAX_NESTING are refused before any schema, handler or database sees them. Each refusal names the
 * field and says what to change. Runs at preValidation, after parsing and before the route's schema.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (req) => {
    inspect(req.params, "params", [], 0);
    inspect(req.query, "query", [], 0);
    inspect(req.body, "body", [], 0);
    checkUrl(req);
  });
}

function inspect(value: unknown, where: Where, path: string[], depth: number): void {
  if (typeof value === "string") return checkText(value, where, path);
  if (value === null || typeof value !== "object") return;
  if (depth >= MAX_NESTING)
    throw refuse(where, path, `is nested more than ${MAX_NESTING} levels deep. Send a flatter value.`);
  if (Array.isArray(value)) {
    value.forEach((item, i) => inspect(item, where, [...path, String(i)], depth + 1));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    checkText(key, where, [...path, "(a field name)"]);
    inspect(item, where, [...path, key], depth + 1);
  }
}

function checkText(text: string, where: Where, path: string[]): void {
  if (text.includes("\u0000"))
    throw refuse(where, path, "contains a NUL character (U+0000), which cannot be stored. Remove it and try again.");
  if (LONE_SURROGATE.test(text))
    throw refuse(where, path, "contains an incomplete Unicode character (a lone surrogate). Send valid UTF-8 text.");
  const max = (where === "body" && LONGER_BODY_FIELDS[path.join(".")]) || MAX_TEXT_LENGTH;
  if (text.length > max)
    throw refuse(
      where,
      path,
      `is ${text.length.toLocaleString("en")} characters long; the most this field takes is ${max.toLocaleString("en")}.`,
    );
}

/**
 * The router and the query parser decode what they can and pass undecodable escapes through or
 * replace them, so percent-encoded bytes that are not UTF-8 (%ED%A0%80 is a surrogate, %FF is no
 * character at all) are refused here, from the raw address.
 */
function checkUrl(req: FastifyRequest): void {
  const raw = req.raw.url ?? "";
  const queryAt = raw.indexOf("?");
  for (const match of raw.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    try {
      decodeURIComponent(match[0]);
    } catch {
      throw refuse(
        queryAt >= 0 && match.index > queryAt ? "query" : "params",
        [],
        "contains percent-encoded bytes that are not valid UTF-8. Encode the address as UTF-8.",
      );
    }
  }
}

/** The sentence names the field in words ("First name contains …"), on its own and under the field. */
function refuse(where: Where, path: string[], problem: string): AppError {
  const field =
    path.length > 0
      ? fieldName(path)
      : where === "body"
        ? "The request body"
        : where === "query"
          ? "The query string"
          : "The address";
  const key = path.length > 0 ? path.join(".") : where;
  const sentence = `${field} ${problem}`;
  return new AppError("validation_failed", sentence, { [key]: sentence });
}
