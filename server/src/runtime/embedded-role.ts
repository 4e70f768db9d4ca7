import { ConfigError, type Config } from "../config.ts";

/**
 * One embedded database lives in one process (docs/decisions/013), which must then do
 * everything: a ROLE=web process alone delivers nothing, a ROLE=worker alone answers nobody, and
 * the two side by side on one DATA_DIR would corrupt it.
 */
export function checkEmbeddedRole(config: Pick<Config, "ROLE" | "DATABASE_URL">): void {
  if (config.ROLE === "all" || config.DATABASE_URL) return;
  throw new ConfigError(
    `Invalid configuration:\n  ROLE: ROLE=${config.ROLE} needs DATABASE_URL (a PostgreSQL server shared by the web and worker processes). ` +
      `The embedded database serves one process only, which runs as ROLE=all: unset ROLE, or set DATABASE_URL.`,
  );
}
