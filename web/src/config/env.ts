export const DEFAULT_ANON_KEY = "trigger-switch-anon-key";

// Build-time variables, checked when the app is built (vite.config.ts runs env-schema.ts, so a bad
// one fails the build); here they are only read, which keeps the parser out of the first download.
// `?? {}`: the build's own config imports this file in Node, where import.meta.env does not exist.
const vars: Partial<ImportMetaEnv> = import.meta.env ?? {};

export const env = {
  VITE_ANON_KEY: vars.VITE_ANON_KEY || DEFAULT_ANON_KEY,
  /** Where people write for help and account deletion. Unset: the pages name "the operator". */
  VITE_SUPPORT_EMAIL: vars.VITE_SUPPORT_EMAIL || undefined,
};
