import { z } from "zod";
import { DEFAULT_ANON_KEY } from "./env.ts";

const webEnvSchema = z.object({
  VITE_ANON_KEY: z.string().min(1).default(DEFAULT_ANON_KEY),
  VITE_SUPPORT_EMAIL: z.email({ message: "VITE_SUPPORT_EMAIL must be an e-mail address" }).optional(),
});

/** Run by the build (vite.config.ts): a bad build-time variable stops it with the variable's name. */
export function parseWebEnv(vars: Record<string, string | undefined>) {
  return webEnvSchema.parse({
    VITE_ANON_KEY: vars.VITE_ANON_KEY || undefined,
    VITE_SUPPORT_EMAIL: vars.VITE_SUPPORT_EMAIL || undefined,
  });
}
