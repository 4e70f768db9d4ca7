import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docs } from "../../src/http/docs.ts";
import {
  pushContract,
  sessionContract,
  workspaceContract,
  type RouteContract,
} from "../../../web/src/testing/api-contract.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// The web's component tests answer the API from a fake (web/src/testing/fake-workspace.ts,
// render-app.tsx), held to the routes listed in web/src/testing/api-contract.ts. This file holds
// that list to the real server: each route it names must be in the server's OpenAPI document, and
// the schemas it names must be the ones the server's route declares. Both sides' schemas are turned
// into OpenAPI by the same plugin (http/docs.ts), so they are compared exactly.

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const fakeRoutes: Record<string, RouteContract> = { ...workspaceContract, ...sessionContract, ...pushContract };

/** "PATCH /api/recipients/:id" → ["patch", "/api/recipients/{id}"], as the document names it. */
function operationKey(route: string): [method: string, path: string] {
  const [method = "", path = ""] = route.split(" ");
  return [method.toLowerCase(), path.replace(/:(\w+)/g, "{$1}")];
}

/** The OpenAPI document of a server declaring exactly the fake's schemas, built by the server's own docs plugin. */
async function documentFakeRoutes(): Promise<OpenApiDocument> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(docs);
  for (const [route, contract] of Object.entries(fakeRoutes)) {
    const [method] = operationKey(route);
    const url = route.split(" ")[1] ?? "";
    const response = contract.response ? { [contract.status ?? 200]: contract.response } : undefined;
    app.route({
      method: method.toUpperCase() as "GET",
      url,
      schema: {
        tags: ["fake"],
        ...(contract.request ? { body: contract.request } : {}),
        ...(response ? { response } : {}),
      },
      handler: () => null,
    });
  }
  await app.ready();
  const document = app.swagger() as unknown as OpenApiDocument;
  await app.close();
  return document;
}

const jsonSchema = (part: { content?: Record<string, { schema?: unknown }> } | undefined) =>
  part?.content?.["application/json"]?.schema;

/** The response schemas an operation declares, by status (statuses without a JSON body left out). */
function responseSchemas(operation: Operation): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(operation.responses ?? {}).flatMap(([status, answer]) => {
      const schema = jsonSchema(answer);
      return schema === undefined ? [] : [[status, schema]];
    }),
  );
}

let t: TestApp;
let server: OpenApiDocument;
let fake: OpenApiDocument;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  server = t.app.swagger() as unknown as OpenApiDocument;
  fake = await documentFakeRoutes();
});
afterAll(() => t.close());

describe("the web tests' fake API against the server's OpenAPI document", () => {
  it("names only routes the server has", () => {
    const missing = Object.keys(fakeRoutes).filter((route) => {
      const [method, path] = operationKey(route);
      return server.paths[path]?.[method] === undefined;
    });
    expect(missing).toEqual([]);
  });

  for (const route of Object.keys(fakeRoutes)) {
    const [method, path] = operationKey(route);

    it(`${route}: takes the JSON body the server's route takes`, () => {
      const real = server.paths[path]?.[method];
      const declared = fake.paths[path]?.[method];
      expect(real, "the route is in the server's document").toBeDefined();
      expect(jsonSchema(declared?.requestBody)).toEqual(jsonSchema(real?.requestBody));
    });

    it(`${route}: answers with the status and the schema the server's route declares`, () => {
      const real = server.paths[path]?.[method];
      const declared = fake.paths[path]?.[method];
      expect(real, "the route is in the server's document").toBeDefined();
      // A route that answers with no body (204) declares no response schema on either side; the
      // server's document does not name that status then, so only the absence of a body is compared.
      const ours = declared ? responseSchemas(declared) : {};
      expect(Object.keys(ours)).toHaveLength(fakeRoutes[route]?.response ? 1 : 0);
      const realAnswers = responseSchemas(real ?? {});
      const successes = Object.fromEntries(Object.entries(realAnswers).filter(([status]) => status.startsWith("2")));
      expect(ours).toEqual(successes);
    });
  }
});
