/** The whole database schema, one file per feature area; drizzle-kit and the app read it from here. */
export * from "./accounts-schema.ts";
export * from "./workspace-schema.ts";
export * from "./engine-schema.ts";
export * from "./emergency-schema.ts";
export * from "./billing-schema.ts";
export * from "./admin-schema.ts";
export * from "./auth-security-schema.ts";
export * from "./channels-schema.ts";
export * from "./runtime-schema.ts";
export * from "./push-schema.ts";
export * from "./contacts-schema.ts";
