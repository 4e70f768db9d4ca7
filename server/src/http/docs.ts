import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI document generated from the routes' Zod schemas; UI at /docs, JSON at /docs/json. */
export const docs = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Trigger Switch API",
        version: "0.1.0",
        description: "REST API of Trigger Switch. Auth lives at /auth/v1 (GoTrue-compatible).",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: "/docs", staticCSP: true });
});
