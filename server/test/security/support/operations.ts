import type { TestApp } from "../../support/test-app.ts";

/** A JSON schema node as the OpenAPI document has it (enough of it to make inputs from). */
export interface SchemaNode {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
}

export interface Param {
  in: "path" | "query";
  name: string;
  schema?: SchemaNode;
}

/** One route to walk: from the OpenAPI document (with its schemas), or served but undocumented. */
export interface Operation {
  method: string;
  /** OpenAPI style: /api/messages/{id}. */
  path: string;
  params: Param[];
  /** The JSON body's schema, when the document has one. */
  body?: SchemaNode;
  documented: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: SchemaNode }[];
  requestBody?: { content: Record<string, { schema?: SchemaNode }> };
}

/**
 * Served routes that are not walked: the API reference UI itself, the WebSocket (its own suite,
 * server/test/realtime), HEAD twins of GETs and Fastify's catch-all.
 */
const notWalked = (method: string, url: string) =>
  method === "HEAD" || method === "OPTIONS" || url.startsWith("/docs") || url === "/realtime" || url.includes("*");

/**
 * Every route the app serves: the OpenAPI document's operations first (so a route another
 * engineer adds later is walked with its own schema), then whatever the app registered without
 * documenting it (the GoTrue API, the local mailbox, media), walked with generic bad input.
 */
export async function loadOperations(t: TestApp): Promise<Operation[]> {
  const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = (op.parameters ?? []).filter((p): p is Param => p.in === "path" || p.in === "query");
      ops.push({
        method: method.toUpperCase(),
        path,
        params,
        body: op.requestBody?.content["application/json"]?.schema,
        documented: true,
      });
    }
  }
  const known = new Set(ops.map((o) => `${o.method} ${o.path}`));
  for (const route of t.app.registeredRoutes) {
    const path = route.url.replace(/:(\w+)/g, "{$1}").replace(/\/$/, "") || "/";
    if (notWalked(route.method, route.url) || known.has(`${route.method} ${path}`)) continue;
    known.add(`${route.method} ${path}`);
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m): Param => ({ in: "path", name: m[1]! }));
    ops.push({ method: route.method, path, params, documented: false });
  }
  return ops;
}
