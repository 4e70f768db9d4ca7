import { randomUUID } from "node:crypto";
import type { Operation, Param, SchemaNode } from "./operations.ts";

/** One request of the walk. */
export interface Probe {
  label: string;
  /** Concrete path with its query string. */
  url: string;
  contentType?: string;
  body?: string;
  /** The path names the owner's own resources (another caller must be refused). */
  ownerIds: boolean;
  /** A recipient's or a reminder's link secret is in the request (its holder may see what the link shows). */
  linkSecret: boolean;
}

/** What a caller would put into a field or parameter of this name, from the world's fixtures. */
export interface Fixtures {
  message: string;
  recipient: string;
  condition: string;
  attachment: string;
  release: string;
  /** The owner's trusted contact, and its waiting request for access. */
  contact: string;
  accessRequest: string;
  checkInToken: string;
  accessToken: string;
  recipientEmail: string;
  /** An instant the rules accept as "in the future" (deliver_at and friends). */
  future: string;
}

const NUL = "Fuzz\u0000text";
const LONE_SURROGATE = "Fuzz\ud800text";
const HUGE = "x".repeat(100_001);
const DEEP = 5_000;

const typesOf = (s: SchemaNode): string[] => [s.type ?? []].flat();
const variants = (s: SchemaNode): SchemaNode[] => s.anyOf ?? s.oneOf ?? [];
const isNullOnly = (s: SchemaNode) => typesOf(s).length === 1 && typesOf(s)[0] === "null";

/** A value the schema (and the product's rules, where names tell them) accepts, to carry one bad field at a time. */
export function exampleFor(schema: SchemaNode, name: string, fx: Fixtures): unknown {
  const alternatives = variants(schema).filter((v) => !isNullOnly(v));
  if (alternatives.length > 0) return exampleFor(alternatives[0]!, name, fx);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleFor(s, name, fx) as object));
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  const type = typesOf(schema).find((t) => t !== "null") ?? (schema.properties ? "object" : "string");
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = exampleFor(prop, key, fx);
      return out;
    }
    case "array": {
      const item = schema.items
        ? exampleFor(schema.items, name === "recipient_ids" || name === "recipients" ? "recipientId" : name, fx)
        : "x";
      return name === "reminder_hours" ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => item);
    }
    case "boolean":
      return true;
    case "integer":
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : 0;
      const max = typeof schema.maximum === "number" ? schema.maximum : min + 100;
      return Math.min(max, Math.max(min, name.includes("threshold") || name.includes("hours") ? 1 : 0));
    }
    default:
      return stringFor(schema, name, fx);
  }
}

function stringFor(schema: SchemaNode, name: string, fx: Fixtures): string {
  if (schema.format === "email" || name.includes("email")) return "fuzz@example.com";
  if (schema.format === "date-time" || name.endsWith("_at") || name === "timestamp") return fx.future;
  if (schema.format === "date" || name.endsWith("_date")) return fx.future.slice(0, 10);
  if (name === "messageId") return fx.message;
  if (name === "recipientId") return fx.recipient;
  if (schema.format === "uuid") return randomUUID();
  if (name === "token") return fx.checkInToken;
  if (name === "t") return fx.accessToken;
  if (name.includes("phone") || name.includes("number")) return "+447700900123";
  if (name.includes("time_zone") || name === "tz") return "Europe/London";
  if (name === "deduplicationId") return `fuzz-${randomUUID()}`;
  if (name === "at") return "09:00";
  return "Fuzz text";
}

/** The fixture a path parameter names: `{id}` after /messages is a message, after /recipients a recipient, … */
function pathValue(op: Operation, param: string, fx: Fixtures): string {
  if (param === "messageId") return fx.message;
  if (param === "attachmentId") return fx.attachment;
  if (param === "releaseId") return fx.release;
  if (param === "token") return fx.checkInToken;
  if (param === "name") return "nothing-here.png";
  const before = op.path.split(`{${param}}`)[0]!.split("/").filter(Boolean).at(-1) ?? "";
  if (before.startsWith("recipient")) return fx.recipient;
  if (before.startsWith("condition")) return fx.condition;
  if (before === "trusted-contacts") return fx.contact;
  if (before === "access-requests") return fx.accessRequest;
  return fx.message;
}

function queryValue(param: Param, fx: Fixtures): string {
  if (param.name === "active") return "true";
  if (param.name === "to") return fx.recipientEmail;
  return stringFor(param.schema ?? {}, param.name, fx);
}

function urlFor(op: Operation, fx: Fixtures, override: { param?: string; raw?: string } = {}): string {
  let path = op.path;
  const query: string[] = [];
  for (const p of op.params) {
    const raw =
      override.param === p.name
        ? override.raw!
        : encodeURIComponent(p.in === "path" ? pathValue(op, p.name, fx) : queryValue(p, fx));
    if (p.in === "path") path = path.replace(`{${p.name}}`, raw);
    else query.push(`${p.name}=${raw}`);
  }
  return query.length ? `${path}?${query.join("&")}` : path;
}

const json = (value: unknown) => ({ contentType: "application/json", body: JSON.stringify(value) });

/** Wrong types for a field: each JSON type the schema does not take. */
function wrongTypes(schema: SchemaNode): unknown[] {
  const accepted = new Set([...typesOf(schema), ...variants(schema).flatMap(typesOf)]);
  const candidates: [string, unknown][] = [
    ["string", "not-the-right-type"],
    ["number", 12345.5],
    ["boolean", false],
    ["array", ["x"]],
    ["object", { x: 1 }],
    ["null", null],
  ];
  if (schema.nullable) accepted.add("null");
  if (accepted.has("number")) accepted.add("integer");
  if (accepted.has("integer")) accepted.add("number");
  return candidates
    .filter(([type]) => !accepted.has(type) && !(type === "string" && schema.enum))
    .map(([, value]) => value)
    .slice(0, 3);
}

const takesText = (s: SchemaNode): boolean =>
  typesOf(s).includes("string") ||
  variants(s).some(takesText) ||
  (Array.isArray(s.enum) && s.enum.some((v) => typeof v === "string"));

/** Every (path within the body, schema) pair, down to `depth` levels of nested objects. */
function fields(schema: SchemaNode, prefix: string[] = [], depth = 3): [string[], SchemaNode][] {
  const node = variants(schema).find((v) => v.properties) ?? schema;
  if (!node.properties || depth === 0) return [];
  return Object.entries(node.properties).flatMap(([key, prop]): [string[], SchemaNode][] => [
    [[...prefix, key], prop],
    ...fields(prop, [...prefix, key], depth - 1),
  ]);
}

function withField(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== "object" || at[key] === null || Array.isArray(at[key])) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
  return copy;
}

function nested(depth: number, open: string, close: string, inner = "1"): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

const multipart = {
  noBoundary: {
    contentType: "multipart/form-data",
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx\r\n--x--\r\n',
  },
  wrongBoundary: {
    contentType: "multipart/form-data; boundary=zzz",
    body: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx\r\n--abc--\r\n',
  },
  truncated: {
    contentType: "multipart/form-data; boundary=abc",
    body: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello wor',
  },
};

/**
 * The walk of one operation: the well-formed request (for callers who must be refused), then the
 * same request with one thing wrong at a time — each path and query parameter, each body field
 * (wrong type, NUL, lone surrogate, huge), and the body as a whole (malformed JSON, deep nesting,
 * prototype keys, oversize, wrong content type, broken multipart).
 */
export function probesFor(op: Operation, fx: Fixtures, opts: { includeWellFormed: boolean }): Probe[] {
  const probes: Probe[] = [];
  const hasBody = ["POST", "PUT", "PATCH"].includes(op.method);
  const ownerIds = op.params.some((p) => p.in === "path" && p.name !== "token" && p.name !== "name");
  const linkSecret = op.params.some((p) => p.name === "t" || p.name === "token") || op.path.includes("/token");
  const base = op.body ? exampleFor(op.body, "body", fx) : undefined;
  const baseBody = base === undefined ? {} : json(base);
  const add = (
    label: string,
    url: string,
    body: { contentType?: string; body?: string } = hasBody ? baseBody : {},
    owner = ownerIds,
  ) => probes.push({ label, url, ...body, ownerIds: owner, linkSecret });

  if (opts.includeWellFormed) add("well-formed", urlFor(op, fx));
  for (const p of op.params) {
    add(`${p.in} ${p.name}: NUL`, urlFor(op, fx, { param: p.name, raw: "a%00b" }), undefined, false);
    add(`${p.in} ${p.name}: invalid UTF-8`, urlFor(op, fx, { param: p.name, raw: "a%ED%A0%80b" }), undefined, false);
    add(`${p.in} ${p.name}: huge`, urlFor(op, fx, { param: p.name, raw: "y".repeat(6000) }), undefined, false);
    add(
      `${p.in} ${p.name}: traversal`,
      urlFor(op, fx, { param: p.name, raw: "..%2F..%2Fetc%2Fpasswd" }),
      undefined,
      false,
    );
    if (p.in === "path")
      add(`path ${p.name}: unknown id`, urlFor(op, fx, { param: p.name, raw: randomUUID() }), undefined, false);
    else add(`query ${p.name}: repeated`, `${urlFor(op, fx)}&${p.name}=again`);
  }
  if (!hasBody) return probes;

  const url = urlFor(op, fx);
  if (op.body && typeof base === "object" && base !== null && !Array.isArray(base)) {
    for (const [path, schema] of fields(op.body)) {
      const name = path.join(".");
      for (const wrong of wrongTypes(schema))
        add(`body ${name}: wrong type ${JSON.stringify(wrong)}`, url, json(withField(base, path, wrong)));
      if (takesText(schema)) {
        add(`body ${name}: NUL`, url, json(withField(base, path, NUL)));
        add(`body ${name}: lone surrogate`, url, json(withField(base, path, LONE_SURROGATE)));
        add(`body ${name}: huge`, url, json(withField(base, path, HUGE)));
      }
      if (schema.items && takesText(schema.items)) add(`body ${name}[]: NUL`, url, json(withField(base, path, [NUL])));
    }
    add("body: unknown field with a NUL name", url, json({ ...base, "bad\u0000key": 1 }));
    add("body: prototype keys", url, {
      contentType: "application/json",
      body: `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(base).slice(1)}`,
    });
    add("body: a field nested deeply", url, {
      contentType: "application/json",
      body: `{"deep":${nested(DEEP, "[", "]")}}`,
    });
  } else {
    // No schema: the fields a GoTrue or form route may read, each bad.
    add(
      "body: NUL in every usual field",
      url,
      json({ email: "a\u0000@example.com", password: NUL, token: NUL, name: NUL, data: { first_name: NUL } }),
    );
    add(
      "body: lone surrogates in every usual field",
      url,
      json({
        email: "a\ud800@example.com",
        password: LONE_SURROGATE,
        token: LONE_SURROGATE,
        data: { x: LONE_SURROGATE },
      }),
    );
    add(
      "body: huge fields",
      url,
      json({ email: `${"a".repeat(300_000)}@example.com`, password: HUGE, data: { x: HUGE } }),
    );
    add("body: metadata nested deeply", url, {
      contentType: "application/json",
      body: `{"email":"deep@example.com","password":"a long passphrase","data":${nested(DEEP, '{"a":', "}")}}`,
    });
  }
  add("body: malformed JSON", url, { contentType: "application/json", body: '{"title": "unfinished' });
  add("body: JSON array", url, json([1, 2]));
  add("body: JSON null", url, { contentType: "application/json", body: "null" });
  add("body: JSON string", url, json("just text"));
  add("body: arrays nested deeply", url, { contentType: "application/json", body: nested(DEEP, "[", "]") });
  add("body: objects nested deeply", url, { contentType: "application/json", body: nested(DEEP, '{"a":', "}") });
  add("body: over 1 MiB", url, json({ pad: "z".repeat(1_100_000) }));
  add("body: text/plain", url, { contentType: "text/plain", body: "hello" });
  add("body: empty JSON", url, { contentType: "application/json", body: "" });
  add("multipart: no boundary", url, multipart.noBoundary);
  add("multipart: wrong boundary", url, multipart.wrongBoundary);
  add("multipart: truncated", url, multipart.truncated);
  return probes;
}
