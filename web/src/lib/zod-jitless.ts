// The web app's "zod": vite.config.ts points every `import … from "zod"` of the browser bundle here.
// zod compiles fast object parsers with `new Function`, which the server's Content-Security-Policy
// (no 'unsafe-eval') refuses; zod then falls back, but the browser reports a CSP violation on every
// page that parses. Turned off before the first schema is built, zod never tries.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
